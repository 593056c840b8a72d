package policy

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
		fset := token.NewFileSet()
		pkgs, err := parser.ParseDir(fset, filepath.Join(repoRoot, rel), func(fi fs.FileInfo) bool {
			return !strings.HasSuffix(fi.Name(), "_test.go")
		}, parser.ParseComments|parser.PackageClauseOnly)
		if err != nil {
			t.Error(err)
			return
		}
		for name, pkg := range pkgs {
			var docs []string
			for _, f := range pkg.Files {
				if f.Doc != nil {
					docs = append(docs, f.Doc.Text())
				}
			}
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
