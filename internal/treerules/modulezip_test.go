package treerules

import (
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/mod/zip"
)

// moduleNeeds are files a build of the module needs, which its zip must
// hold; moduleLeavesOut are folders that must not be in it, what the zip's
// rules leave out (a folder with a go.mod is another module's).
var (
	moduleNeeds     = []string{"go.mod", "engine/openingbook/book11.fgb", "engine/openingbook/book11-shards.sha256"}
	moduleLeavesOut = []string{"engine/openingbook/shards"}
)

// TestModuleZipLeavesOutShards fails when the module's zip, the files a Go
// user's go get downloads (golang.org/x/mod/zip lists them as the go
// command does), holds the opening book's 78 MB of shards, which only
// make book needs, or lacks a file the build needs. (Untracked files of a
// working tree are listed too; only the paths above are checked.)
func TestModuleZipLeavesOutShards(t *testing.T) {
	root, err := filepath.Abs(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	files, _ := zip.CheckDir(root) // its error is about files other than these
	in := map[string]bool{}
	for _, path := range files.Valid {
		rel, err := filepath.Rel(root, path)
		if err != nil {
			t.Fatal(err)
		}
		rel = filepath.ToSlash(rel)
		in[rel] = true
		for _, dir := range moduleLeavesOut {
			if strings.HasPrefix(rel, dir+"/") {
				t.Errorf("the module's zip holds %s: %s must stay out of go get's download (its own go.mod makes it a module of its own)", rel, dir)
			}
		}
	}
	for _, need := range moduleNeeds {
		if !in[need] {
			t.Errorf("the module's zip lacks %s, which a build or a test of the module needs", need)
		}
	}
}
