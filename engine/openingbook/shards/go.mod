// The shards the embedded book was merged from are a module of their own,
// so that a Go user's download of fourgen (go get, the module proxy's zip)
// holds the book but not its 78 MB of intermediates. Nothing imports it;
// a clone of the repository has it, and make book checks it against
// ../book11-shards.sha256 before merging.
module github.com/fourgen/fourgen/engine/openingbook/shards

go 1.26.0
