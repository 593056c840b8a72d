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

// walkRepository calls visit with the slash-separated path, relative to the
// repository, of every file and directory but hidden ones, testdata and bin.
func walkRepository(t *testing.T, visit func(rel string, d fs.DirEntry)) {
	t.Helper()
	root := repoRoot
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() && path != root && (strings.HasPrefix(name, ".") || name == "testdata" || name == "bin" || name == "node_modules") {
			return filepath.SkipDir
		}
		rel, _ := filepath.Rel(root, path)
		visit(filepath.ToSlash(rel), d)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestNoFileNamedLikeFolder fails for a file named like a folder beside it
// (book.go beside book/, or its book_test.go): a reader
// looking for one finds the other.
func TestNoFileNamedLikeFolder(t *testing.T) {
	dirs := make(map[string]bool)
	var files []string
	walkRepository(t, func(rel string, d fs.DirEntry) {
		if d.IsDir() {
			dirs[rel] = true
		} else {
			files = append(files, rel)
		}
	})
	for _, f := range files {
		dir, name := filepath.Split(f)
		base, _, _ := strings.Cut(name, ".")
		base = strings.TrimSuffix(base, "_test")
		if dirs[dir+base] {
			t.Errorf("%s is named like the folder %s beside it: rename the file for what it holds", f, dir+base)
		}
	}
}

// moveCharsOwner is the file that turns columns into move-string
// characters and back (engine/board/notation.go writes whole move strings, by its
// notation's first column); every other hand-written file calls them.
const moveCharsOwner = "engine/board/moves.go"

// TestMoveCharsFromEngine fails for hand-written code (tests, gen and
// internal/geom aside, which cannot import the engine) that builds or
// reads a move character by hand, as '1'+col, c-'1' or
// strconv.Itoa(col+1), instead of board.ColumnChar, board.ColumnOfChar,
// board.MoveString or a board.Notation.
func TestMoveCharsFromEngine(t *testing.T) {
	walkRepository(t, func(rel string, d fs.DirEntry) {
		if d.IsDir() || !strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, "_test.go") ||
			strings.HasSuffix(rel, "_gen.go") || rel == moveCharsOwner ||
			strings.HasPrefix(rel, "gen/") || strings.HasPrefix(rel, "internal/geom/") {
			return
		}
		fset := token.NewFileSet()
		file, err := parser.ParseFile(fset, filepath.Join(repoRoot, rel), nil, 0)
		if err != nil {
			t.Error(err)
			return
		}
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BinaryExpr:
				if (n.Op == token.ADD || n.Op == token.SUB) && (isCharOne(n.X) || isCharOne(n.Y)) {
					t.Errorf("%s: a move character by hand: use board.ColumnChar or board.ColumnOfChar", fset.Position(n.Pos()))
				}
			case *ast.CallExpr:
				if sel, ok := n.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Itoa" && len(n.Args) == 1 && isColumnPlusOne(n.Args[0]) {
					t.Errorf("%s: a move character by strconv.Itoa: use board.MoveString or a board.Notation", fset.Position(n.Pos()))
				}
			}
			return true
		})
	})
}

// isCharOne reports whether e is the character literal '1'.
func isCharOne(e ast.Expr) bool {
	lit, ok := e.(*ast.BasicLit)
	return ok && lit.Kind == token.CHAR && lit.Value == "'1'"
}

// isColumnPlusOne reports whether e is col+1 (or c+1, col0+1): a 0-based
// column made 1-based.
func isColumnPlusOne(e ast.Expr) bool {
	bin, ok := e.(*ast.BinaryExpr)
	if !ok || bin.Op != token.ADD {
		return false
	}
	id, ok := bin.X.(*ast.Ident)
	one, isLit := bin.Y.(*ast.BasicLit)
	return ok && isLit && one.Value == "1" && (id.Name == "col" || id.Name == "c" || id.Name == "col0")
}

// TestScoreMethodsInScoreFile fails for a method of board.Score declared
// outside engine/board/score.go: a reader finds what a score can do in one file.
func TestScoreMethodsInScoreFile(t *testing.T) {
	fset := token.NewFileSet()
	files, err := filepath.Glob(repoRoot + "/engine/board/*.go")
	if err != nil {
		t.Fatal(err)
	}
	methods := 0
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range file.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv == nil {
				continue
			}
			if id, ok := fn.Recv.List[0].Type.(*ast.Ident); ok && id.Name == "Score" {
				methods++
				if filepath.Base(path) != "score.go" {
					t.Errorf("%s: method Score.%s belongs in engine/board/score.go", fset.Position(fn.Pos()), fn.Name.Name)
				}
			}
		}
	}
	if methods == 0 {
		t.Error("board declares no method of Score: is the type still there?")
	}
}

// TestBatchUsesGeneratedKernel fails when batch writes its own copy
// of the threat kernel: a function of the old hand-written names, or the
// directions of the lines of four (ColumnBits±1) spelled out. Its portable
// and AVX2 loops must call the engine's generated kernel instead.
func TestBatchUsesGeneratedKernel(t *testing.T) {
	copies := map[string]bool{"fourWord": true, "gaps": true, "winningWord": true, "fourVec": true, "gapsVec": true, "winningVec": true}
	want := map[string]bool{"WinningCellsOf": false, "FourCellsOf": false, "WinningCellsX4": false, "FourCellsX4": false}
	files, err := filepath.Glob(repoRoot + "/engine/batch/*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, path, nil, 0) // every build: the AVX2 file too
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				if copies[n.Name.Name] {
					t.Errorf("%s: batch declares %s, a copy of the threat kernel: call the board's generated one", fset.Position(n.Pos()), n.Name.Name)
				}
			case *ast.BinaryExpr:
				if sel, ok := n.X.(*ast.SelectorExpr); ok && sel.Sel.Name == "ColumnBits" && (n.Op == token.ADD || n.Op == token.SUB) {
					t.Errorf("%s: a diagonal's step by hand: the lines of four are the generated kernel's business", fset.Position(n.Pos()))
				}
			case *ast.SelectorExpr:
				if id, ok := n.X.(*ast.Ident); ok && id.Name == "board" {
					if _, ok := want[n.Sel.Name]; ok {
						want[n.Sel.Name] = true
					}
				}
			}
			return true
		})
	}
	for name, used := range want {
		if !used {
			t.Errorf("batch never calls board.%s, the generated kernel", name)
		}
	}
}
