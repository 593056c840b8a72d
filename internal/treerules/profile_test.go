package treerules

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/pprof/profile"
)

// profilePath is the CPU profile go build optimises c4 with (make pgo).
const profilePath = "cmd/c4/default.pgo"

// profiledPackages are the packages whose functions the profile must name
// as they are in the tree, by import path.
var profiledPackages = []string{"engine", "engine/board"}

// TestProfileCurrent fails when cmd/c4/default.pgo is not a profile of the
// search, or names a function of the engine that the tree no longer has:
// profile-guided optimisation finds hot calls by their functions' names,
// so after a rename the profile silently stops applying there.
func TestProfileCurrent(t *testing.T) {
	prof := readProfile(t)
	var names []string
	for _, fn := range prof.Function {
		names = append(names, fn.Name)
	}
	have := map[string]bool{}
	for _, pkg := range profiledPackages {
		for _, fn := range declaredFuncs(t, pkg) {
			have[module+pkg+"."+fn] = true
		}
	}
	for _, want := range []string{"engine.(*searcher).negamax", "engine.orderMoves"} {
		if !have[module+want] {
			t.Fatalf("the tree has no %s: update this test's list of the search's hot functions", want)
		}
		if !slices.Contains(names, module+want) {
			t.Errorf("%s does not name %s: it is not a profile of the search (make pgo)", profilePath, want)
		}
	}
	for _, name := range names {
		if engineFunc(name) && !have[name] {
			t.Errorf("%s names %s, which the tree no longer has: run make pgo", profilePath, name)
		}
	}
}

// engineFunc reports whether a profile's string is the name of a declared
// function or method of a profiled package (not a closure, nor generic).
func engineFunc(name string) bool {
	for _, pkg := range profiledPackages {
		rest, ok := strings.CutPrefix(name, module+pkg+".")
		if ok {
			return !strings.Contains(rest, ".func") && !strings.Contains(rest, "[") && !strings.Contains(rest, "/")
		}
	}
	return false
}

// declaredFuncs lists the functions and methods declared in the package's
// folder, its tests' too (the profile is of a test binary), as a profile names them: "F", "T.M" or
// "(*T).M".
func declaredFuncs(t *testing.T, pkg string) []string {
	var names []string
	for _, file := range parsePackage(t, pkg, token.NewFileSet()) {
		for _, decl := range file.Decls {
			if fn, ok := decl.(*ast.FuncDecl); ok {
				names = append(names, funcName(fn))
			}
		}
	}
	return names
}

// readProfile reads and parses cmd/c4/default.pgo.
func readProfile(t *testing.T) *profile.Profile {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(repoRoot, profilePath))
	if err != nil {
		t.Fatalf("%v: make pgo writes it", err)
	}
	prof, err := profile.Parse(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("%s: %v", profilePath, err)
	}
	return prof
}

// parsePackage parses the Go files of the package's folder, its tests'
// too, into fset.
func parsePackage(t *testing.T, pkg string, fset *token.FileSet) []*ast.File {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(repoRoot, pkg, "*.go"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no Go files in %s (%v)", pkg, err)
	}
	var files []*ast.File
	for _, path := range paths {
		file, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, file)
	}
	return files
}

// funcName is a declared function's name as Go's symbol tables write it.
func funcName(fn *ast.FuncDecl) string {
	if fn.Recv == nil || len(fn.Recv.List) == 0 {
		return fn.Name.Name
	}
	switch typ := fn.Recv.List[0].Type.(type) {
	case *ast.StarExpr:
		if id, ok := typ.X.(*ast.Ident); ok {
			return "(*" + id.Name + ")." + fn.Name.Name
		}
	case *ast.Ident:
		return typ.Name + "." + fn.Name.Name
	}
	return "[generic]." + fn.Name.Name
}
