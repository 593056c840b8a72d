package treerules

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
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

// TestReadmeMapsTopFolders fails for a top-level folder of the tree that
// the README's layout does not name (as "name/"): the first map a
// newcomer reads shows every folder at the top, Go or not.
func TestReadmeMapsTopFolders(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join(repoRoot, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, rest, _ := strings.Cut(string(readme), "## Layout")
	_, rest, _ = strings.Cut(rest, "```\n")
	block, _, _ := strings.Cut(rest, "```")
	for _, top := range topFolders(t) {
		if !regexp.MustCompile(`(^|[\s])` + regexp.QuoteMeta(top) + `/`).MatchString(block) {
			t.Errorf("the README's layout does not name the folder %s/: add it", top)
		}
	}
}

// TestChangelogNamesImportPaths fails for a package for Go users
// (publicPackages) whose import path the CHANGELOG never names, in full
// or after "…": a Go user learns where a package is, or went, there.
func TestChangelogNamesImportPaths(t *testing.T) {
	changelog, err := os.ReadFile(filepath.Join(repoRoot, "CHANGELOG.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, pkg := range publicPackages {
		if !strings.Contains(string(changelog), "`"+module+pkg+"`") && !strings.Contains(string(changelog), "`…/"+pkg+"`") {
			t.Errorf("CHANGELOG.md does not name the import path %s%s of a package for Go users", module, pkg)
		}
	}
}
