package treerules

import (
	"io/fs"
	"path"
	"slices"
	"strings"
	"testing"
)

// goFolders are the top-level folders Go code lives in, as the design
// names them: the generator, the engine with the board and the packages
// for Go users, the application's parts, and the commands.
var goFolders = []string{"gen", "engine", "internal", "cmd"}

// TestGoFoldersAtTop fails for a Go file outside goFolders (at the root,
// or in docs/, python/, npm/, deploy/ or bench/, say), and when the search
// is not package engine: `ls` at the root shows where the Go code is.
func TestGoFoldersAtTop(t *testing.T) {
	walkRepository(t, func(rel string, d fs.DirEntry) {
		if d.IsDir() || path.Ext(rel) != ".go" {
			return
		}
		top, _, nested := strings.Cut(rel, "/")
		if !nested || !slices.Contains(goFolders, top) {
			t.Errorf("%s is Go code outside %s: move it into one of them", rel, strings.Join(goFolders, "/, ")+"/")
		}
	})
	if !strings.Contains(string(readRepoFile(t, "engine/search.go")), "package engine\n") {
		t.Error("engine/search.go is not in package engine: the search is package engine, at engine/")
	}
}
