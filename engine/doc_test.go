package engine

import (
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"os"
	"strings"
	"testing"
)

// TestPackageDocStartsWithUse reads the package's documentation as go doc
// shows it: it opens with how to use the engine (solve, analyze, the
// book), with links, before the story of the generated code; NewSolver and
// SetThreads say how many threads a solver has by default; and the calls
// the doc shows have runnable examples.
func TestPackageDocStartsWithUse(t *testing.T) {
	fset := token.NewFileSet()
	var files, tests []*ast.File
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(name, "_test.go") {
			tests = append(tests, f)
		} else if f.Name.Name == "engine" {
			files = append(files, f)
		}
	}
	pkg, err := doc.NewFromFiles(fset, append(files, tests...), "github.com/fourgen/fourgen/engine")
	if err != nil {
		t.Fatal(err)
	}

	_, use, ok := strings.Cut(pkg.Doc, "# Use")
	if !ok {
		t.Fatalf("the package doc has no # Use section:\n%s", pkg.Doc)
	}
	for _, link := range []string{"[board.Parse]", "[NewSolver]", "[Solver.Solve]", "[Solver.Analyze]", "[Solver.SetBook]", "[Solver.SetThreads]"} {
		if !strings.Contains(use, link) {
			t.Errorf("the package doc's # Use section never links %s", link)
		}
	}

	docs := map[string]string{}
	examples := map[string]bool{}
	for _, f := range pkg.Funcs {
		docs[f.Name] = f.Doc
		for _, ex := range f.Examples {
			examples[f.Name+ex.Suffix] = true
		}
	}
	for _, typ := range pkg.Types {
		for _, f := range typ.Funcs {
			docs[f.Name] = f.Doc
			for _, ex := range f.Examples {
				examples[f.Name+ex.Suffix] = true
			}
		}
		for _, m := range typ.Methods {
			docs[typ.Name+"."+m.Name] = m.Doc
			for _, ex := range m.Examples {
				examples[typ.Name+"."+m.Name+ex.Suffix] = true
			}
		}
	}
	for _, name := range []string{"NewSolver", "Solver.SetThreads"} {
		if !strings.Contains(docs[name], "one thread") {
			t.Errorf("%s's doc does not say a new solver has one thread:\n%s", name, docs[name])
		}
	}
	for _, name := range []string{"NewSolver", "Solver.Solve", "Solver.Analyze", "Solver.SetThreads"} {
		if !examples[name] {
			t.Errorf("no Example for %s", name)
		}
	}
}
