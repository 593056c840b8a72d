package treerules

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"
)

// TestLayoutDocumented fails for a Go package that docs/development.md's
// layout does not name, or a folder it names that is gone: the map a
// newcomer reads first must be the tree. A package is named by its path at
// the start of a line of the layout block, or by its folder's name (as
// "external/") on the line of its parent.
func TestLayoutDocumented(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join(repoRoot, "docs", "development.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, rest, _ := strings.Cut(string(doc), "## Layout")
	_, rest, _ = strings.Cut(rest, "```\n")
	block, _, _ := strings.Cut(rest, "```")
	lines := map[string]string{} // a path at the start of a line, and the line
	var last string
	for _, line := range strings.Split(block, "\n") {
		if f := strings.Fields(line); len(f) > 0 && !strings.HasPrefix(line, " ") {
			last = strings.TrimSuffix(f[0], "/")
			lines[last] = line
		} else if last != "" {
			lines[last] += line // a continued description
		}
	}
	for p := range lines {
		if _, err := os.Stat(filepath.Join(repoRoot, p)); err != nil {
			t.Errorf("docs/development.md's layout names %s, which is not in the tree", p)
		}
	}
	walkRepository(t, func(rel string, d fs.DirEntry) {
		if !d.IsDir() || rel == "." {
			return
		}
		if goFiles, _ := filepath.Glob(filepath.Join(repoRoot, rel, "*.go")); len(goFiles) == 0 {
			return
		}
		if _, ok := lines[rel]; ok {
			return
		}
		for dir := path.Dir(rel); dir != "."; dir = path.Dir(dir) {
			if strings.Contains(lines[dir], path.Base(rel)+"/") || strings.Contains(lines[dir], "internal/"+path.Base(rel)) {
				return
			}
		}
		t.Errorf("package %s is missing from docs/development.md's layout: add a line saying what it holds", rel)
	})
}
