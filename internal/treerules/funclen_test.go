package treerules

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// maxFuncLines is the longest a hand-written function may be, in lines from
// its func keyword to its closing brace; longFuncs are the exceptions, each
// with its own limit and the reason.
const maxFuncLines = 80

var longFuncs = map[string]int{
	// The search's inner loop reads top to bottom in numbered steps; split,
	// it would cost a call per node.
	"engine.negamax": 120,
}

// TestFunctionLength fails for a hand-written, non-test function longer
// than maxFuncLines (negamax: 120): a reader holds a function in one screen.
func TestFunctionLength(t *testing.T) {
	walkRepository(t, func(rel string, d fs.DirEntry) {
		if d.IsDir() || !strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, "_test.go") || strings.HasSuffix(rel, "_gen.go") {
			return
		}
		fset := token.NewFileSet()
		file, err := parser.ParseFile(fset, filepath.Join(repoRoot, rel), nil, parser.SkipObjectResolution)
		if err != nil {
			t.Error(err)
			return
		}
		for _, decl := range file.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			lines := fset.Position(fn.End()).Line - fset.Position(fn.Pos()).Line + 1
			limit, ok := longFuncs[file.Name.Name+"."+fn.Name.Name]
			if !ok {
				limit = maxFuncLines
			}
			if lines > limit {
				t.Errorf("%s: %s is %d lines, over %d: split it into functions that each do one step", fset.Position(fn.Pos()), fn.Name.Name, lines, limit)
			}
		}
	})
}
