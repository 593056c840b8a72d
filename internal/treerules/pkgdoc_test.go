package treerules

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// TestPackageDocs fails for a package whose go doc does not open by saying
// what it is for: one comment before a package clause, starting "Package
// NAME " (or "Command NAME " for a command), at least a full sentence.
func TestPackageDocs(t *testing.T) {
	walkRepository(t, func(rel string, d fs.DirEntry) {
		if !d.IsDir() {
			return
		}
		files, err := filepath.Glob(filepath.Join(repoRoot, rel, "*.go"))
		if err != nil {
			t.Error(err)
			return
		}
		docs := map[string][]string{} // package name: its doc comments
		for _, file := range files {
			if strings.HasSuffix(file, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.ParseComments|parser.PackageClauseOnly)
			if err != nil {
				t.Error(err)
				return
			}
			name := f.Name.Name
			if _, ok := docs[name]; !ok {
				docs[name] = nil // listed even with no doc
			}
			if f.Doc != nil {
				docs[name] = append(docs[name], f.Doc.Text())
			}
		}
		for name, docs := range docs {
			want := "Package " + name + " "
			if name == "main" {
				want = "Command " + filepath.Base(rel) + " "
			}
			switch {
			case len(docs) == 0:
				t.Errorf("%s: package %s has no doc comment: add a doc.go saying what it is for", rel, name)
			case len(docs) > 1:
				t.Errorf("%s: package %s has %d doc comments: keep one (doc.go)", rel, name, len(docs))
			case !strings.HasPrefix(docs[0], want) && !strings.HasPrefix(docs[0], "Package main "):
				t.Errorf("%s: the package doc starts %q, want %q…", rel, firstLine(docs[0]), want)
			}
		}
	})
}

// firstLine is the first line of s.
func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
