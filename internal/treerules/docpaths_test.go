package treerules

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestNamedPathsExist fails for a path of the repository that a document,
// a comment, a help text or a script names and that is not in the tree
// (a file moved or renamed, a package gone): the docs of a tree that moved
// must move with it. A path is named by a top-level folder of the tree and
// what follows it ("engine/board/doc.go", "internal/server/web/",
// "docs/*.md", "internal/buildinfo.SemVer" for a name in a package), or
// by a link of a Markdown file, relative to that file. The CHANGELOG is
// history and names the paths of its time; build outputs and hidden
// folders are not in the tree.
//
// A file named alone ("exports.go", "setup.py") must be somewhere in the
// tree, unless it is named by a test (whose files are its fixtures) or is
// another project's (outsideFiles).
func TestNamedPathsExist(t *testing.T) {
	tops := topFolders(t)
	names := map[string]bool{} // every file's name, test data too
	err := filepath.WalkDir(repoRoot, func(p string, d fs.DirEntry, err error) error {
		if d != nil && d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if d != nil {
			names[d.Name()] = true
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	files := []string{".ci/run"} // CI's script, in a hidden folder the walk skips
	walkRepository(t, func(rel string, d fs.DirEntry) {
		if !d.IsDir() && namesPaths(rel) && rel != "internal/treerules/docpaths_test.go" {
			files = append(files, rel) // not this file, whose table plants wrong paths
		}
	})
	for _, rel := range files {
		text := string(readRepoFile(t, rel))
		for _, bad := range missingPaths(repoRoot, rel, text, tops) {
			t.Errorf("%s names %s, which is not in the tree: correct the path", rel, bad)
		}
		if isTest(rel) {
			continue
		}
		for _, bad := range missingFiles(text, names) {
			if outsideFiles[rel+": "+bad] == "" {
				t.Errorf("%s names the file %s, which is nowhere in the tree: correct the name", rel, bad)
			}
		}
	}
}

// outsideFiles are the files of other projects that a file of the tree
// names alone, keyed "FILE: NAME", each with whose it is.
var outsideFiles = map[string]string{
	"docs/sizes.md: readme.md": "Christophe Steininger's solver's README, the source of the table",
}

// fileName is a file named alone: a name with one of the extensions of the
// tree's own sources and docs, not part of a path or an identifier.
var fileName = regexp.MustCompile(`(?:^|[^A-Za-z0-9_./*$-])([A-Za-z0-9][A-Za-z0-9_-]*\.(?:go|py|sh|md|txtar|pgo))\b`)

// missingFiles lists, in order and once each, the files the text names
// alone that are not among the names of the tree.
func missingFiles(text string, names map[string]bool) []string {
	var missing []string
	for _, m := range fileName.FindAllStringSubmatch(text, -1) {
		if !names[m[1]] && !slices.Contains(missing, m[1]) {
			missing = append(missing, m[1])
		}
	}
	return missing
}

// isTest reports whether rel is a test, whose file names are fixtures.
func isTest(rel string) bool {
	return strings.HasSuffix(rel, "_test.go") || strings.HasSuffix(rel, ".test.js") || strings.Contains(rel, "/test/") || strings.Contains(rel, "/tests/")
}

// TestMissingPathsFound holds missingPaths to what it must find, in a
// small tree of its own: a planted wrong path is reported, and what the
// tree has is not.
func TestMissingPathsFound(t *testing.T) {
	root := t.TempDir()
	for name, text := range map[string]string{
		"engine/board/doc.go":          "package board\n",
		"docs/sizes.md":                "# Sizes\n",
		"internal/buildinfo/semver.go": "package buildinfo\n\nfunc SemVer(module string) string { return module }\n",
	} {
		if err := os.MkdirAll(filepath.Join(root, filepath.Dir(name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tops := []string{"docs", "engine", "internal"}
	for _, tc := range []struct {
		file, text string
		want       []string
	}{
		{"a.go", "// the //go:generate line of engine/board/doc.go.", nil},
		{"a.go", "// see engine/solver/search.go and engine/board/", []string{"engine/solver/search.go"}},
		{"a.go", `x := "internal/policy"`, []string{"internal/policy"}},
		{"a.go", "// internal/buildinfo.SemVer, internal/buildinfo.Gone", []string{"internal/buildinfo.Gone"}},
		{"a.go", "// github.com/fourgen/fourgen/solver and https://example.org/docs/x.md", nil},
		{"README.md", "[sizes](docs/sizes.md), [speed](docs/speed.md#x), [web](https://x.org/y)", []string{"docs/speed.md"}},
		{"docs/api.md", "[sizes](sizes.md) and [cli](cli.md), [data](../../shared/testdata)", []string{"docs/cli.md"}},
		{"docs/api.md", "`engine/board/*.go`, `docs/*.txt`", []string{"docs/*.txt"}},
		{"docs/api.md", "`bin/npm/`, `internal/.build/x` and `engine/board/{doc,gone}.go`", []string{"engine/board/{doc,gone}.go"}},
	} {
		got := missingPaths(root, tc.file, tc.text, tops)
		if !slices.Equal(got, tc.want) {
			t.Errorf("missingPaths(%q, %q) = %q, want %q", tc.file, tc.text, got, tc.want)
		}
	}
}

// TestMissingFilesFound holds missingFiles to the files named alone it
// must report.
func TestMissingFilesFound(t *testing.T) {
	names := map[string]bool{"doc.go": true, "sizes.md": true}
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"// see doc.go and sizes.md.", nil},
		{"// the exported functions (exports.go) and setup.py's build", []string{"exports.go", "setup.py"}},
		{"// engine/board/gone.go, *_gen.go, x.gone.go, hashlib.sha256, Node.js, doc.gopher", nil},
	} {
		if got := missingFiles(tc.text, names); !slices.Equal(got, tc.want) {
			t.Errorf("missingFiles(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// namesPaths reports whether the file rel is read for the paths it
// names: documents, Go, scripts, c4's help texts and the Makefile, but not
// the CHANGELOG (history) or test data.
func namesPaths(rel string) bool {
	if rel == "CHANGELOG.md" || strings.Contains(rel, "/testdata/") {
		return false
	}
	switch path.Ext(rel) {
	case ".md", ".go", ".js", ".ts", ".py", ".sh", ".toml", ".yaml", ".yml":
		return true
	case ".txt": // c4's help texts
		return strings.HasPrefix(rel, "cmd/c4/helptext/")
	}
	return path.Base(rel) == "Makefile" || path.Base(rel) == "Dockerfile"
}

// topFolders lists the top-level folders of the tree (not hidden).
func topFolders(t *testing.T) []string {
	entries, err := os.ReadDir(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	var tops []string
	for _, e := range entries {
		if e.IsDir() && !strings.HasPrefix(e.Name(), ".") && e.Name() != "bin" && e.Name() != "node_modules" {
			tops = append(tops, e.Name())
		}
	}
	return tops
}

// markdownLink is the target of a Markdown link: "[text](target)".
var markdownLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// pathChars are the characters of a path after its top-level folder; a
// path ends before the punctuation of the sentence around it.
const pathChars = `[A-Za-z0-9_./*{},-]*[A-Za-z0-9_*}/]`

// missingPaths lists, in order and once each, the paths the text of the
// file rel names that the tree at root does not hold: those that start
// with one of the top-level folders tops, and a Markdown file's links.
func missingPaths(root, rel, text string, tops []string) []string {
	named := regexp.MustCompile(`(^|[^A-Za-z0-9_./~$@:-])((?:` + strings.Join(tops, "|") + `)/` + pathChars + `)`)
	var missing []string
	report := func(p string) {
		if !slices.Contains(missing, p) {
			missing = append(missing, p)
		}
	}
	for _, m := range named.FindAllStringSubmatch(text, -1) {
		p := strings.TrimRight(m[2], ".,")
		if !pathFound(root, p) {
			report(p)
		}
	}
	if path.Ext(rel) == ".md" {
		for _, m := range markdownLink.FindAllStringSubmatch(text, -1) {
			target, _, _ := strings.Cut(m[1], "#")
			if target == "" || strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			p := path.Clean(path.Join(path.Dir(rel), target))
			if strings.HasPrefix(p, "../") {
				continue // beside the repository (../shared)
			}
			if !pathFound(root, p) {
				report(p)
			}
		}
	}
	return missing
}

// pathFound reports whether the named path p is in the tree at root: as
// it is, with each alternative of a brace ("{a,b}.go"), as a glob matching
// something, or as a package's folder and a name it declares
// ("internal/buildinfo.SemVer"). A path into a hidden folder or bin/ is a
// build output, never in a clean tree, and counts as found.
func pathFound(root, p string) bool {
	p = strings.TrimSuffix(p, "/")
	for _, part := range strings.Split(p, "/") {
		if strings.HasPrefix(part, ".") || part == "bin" || part == "node_modules" {
			return true
		}
	}
	if open := strings.Index(p, "{"); open >= 0 {
		end := strings.Index(p[open:], "}")
		if end < 0 {
			return false
		}
		for _, alt := range strings.Split(p[open+1:open+end], ",") {
			if !pathFound(root, p[:open]+alt+p[open+end+1:]) {
				return false
			}
		}
		return true
	}
	full := filepath.Join(root, filepath.FromSlash(p))
	if matches, err := filepath.Glob(full); err == nil && len(matches) > 0 {
		return true // the path itself, or what its glob matches
	}
	dir, name := path.Split(p)
	if pkg, ident, ok := strings.Cut(name, "."); ok && isGoName(ident) {
		return nameInPackage(filepath.Join(root, filepath.FromSlash(dir+pkg)), ident)
	}
	return false
}

// isGoName reports whether s is an exported Go identifier, perhaps with a
// method ("Solver.Solve").
func isGoName(s string) bool {
	for _, part := range strings.Split(s, ".") {
		if part == "" || part[0] < 'A' || part[0] > 'Z' {
			return false
		}
		for _, r := range part {
			if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
				return false
			}
		}
	}
	return true
}

// nameInPackage reports whether the package in the folder dir declares
// the name (for "Type.Method", the method): a non-test Go file of it has
// the name after func, type, var or const, a method's receiver, or a tab
// (in a group of declarations).
func nameInPackage(dir, ident string) bool {
	last := ident[strings.LastIndex(ident, ".")+1:]
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	decl := regexp.MustCompile(`(?m)^(func (\([^)]*\) )?|type |var |const |\t)` + last + `\b`)
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		if b, err := os.ReadFile(f); err == nil && decl.Match(b) {
			return true
		}
	}
	return false
}

// docMakeTarget is a make command a document quotes: "`make wasm".
var docMakeTarget = regexp.MustCompile("`make ([a-z][a-z0-9-]*)")

// makeTarget is a rule of the Makefile: "wasm:" at a line's start.
var makeTarget = regexp.MustCompile(`(?m)^([a-z][a-z0-9 -]*):`)

// TestNamedMakeTargetsExist fails for a make target a document quotes
// ("`make wasm`") that the Makefile does not have.
func TestNamedMakeTargetsExist(t *testing.T) {
	targets := map[string]bool{}
	for _, m := range makeTarget.FindAllStringSubmatch(string(readRepoFile(t, "Makefile")), -1) {
		for _, name := range strings.Fields(m[1]) {
			targets[name] = true
		}
	}
	if !targets["wasm"] || !targets["c4"] {
		t.Fatalf("read %d targets from the Makefile, not wasm and c4: the pattern is wrong", len(targets))
	}
	walkRepository(t, func(rel string, d fs.DirEntry) {
		if d.IsDir() || path.Ext(rel) != ".md" || rel == "CHANGELOG.md" {
			return
		}
		for _, m := range docMakeTarget.FindAllStringSubmatch(string(readRepoFile(t, rel)), -1) {
			if !targets[m[1]] {
				t.Errorf("%s quotes make %s, which the Makefile does not have", rel, m[1])
			}
		}
	})
}
