// Package treerules holds no code, only the tests of the rules the whole
// repository keeps: the tree's layout (no folder or package named like
// another, no file named like a folder beside it), what each package may
// import (importRules, in layers) and no terminal code in a public
// package, the classic board's numbers written only where the generator or
// the 7×6 book puts them, move characters and score methods in their one
// place, the batched kernels taken from the generated code, every
// hand-written function short enough to read, nothing exported that no
// other package uses, and a profile for profile-guided optimisation
// (cmd/c4/default.pgo) that still names the engine's functions. The docs
// are held to the tree too: every package has a doc comment, the maps of
// docs/development.md and the README name every package and top-level
// folder, every path a doc, comment or script names exists, the CHANGELOG
// names the import path of every package for Go users, the README stays
// short, and what the docs quote (the book files' sizes, a declaration,
// c4's messages, make targets) is what the tree holds. A rule broken
// anywhere fails here, with the file and the fix.
package treerules

// repoRoot is the repository's root, seen from this package's folder,
// where go test runs its tests.
const repoRoot = "../.."

// module is the repository's module path with its final slash: a package's
// import path is module followed by its folder.
const module = "github.com/fourgen/fourgen/"
