package treerules

import (
	"io/fs"
	"path"
	"testing"
)

// TestNoTwinFolders fails for two folders of the tree with the same name
// (an openingbook folder under engine and another under internal, say): a
// reader who looks for one finds the other. Folders named as Go's tools want them
// (cmd, internal, testdata) are not counted.
func TestNoTwinFolders(t *testing.T) {
	seen := make(map[string]string)
	walkRepository(t, func(rel string, d fs.DirEntry) {
		if !d.IsDir() || rel == "." {
			return
		}
		name := path.Base(rel)
		switch name {
		case "cmd", "internal", "testdata":
			return
		}
		if other, ok := seen[name]; ok {
			t.Errorf("folders %s and %s share the name %q: rename one so that its path says what it holds", other, rel, name)
			return
		}
		seen[name] = rel
	})
}
