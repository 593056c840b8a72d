package treerules

import (
	"go/ast"
	"go/types"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// publicPackages are the packages meant for Go users: an error exported
// there may go unused by the rest of the repository, for callers to test.
var publicPackages = []string{"engine/board", "engine", "engine/agent", "engine/agent/external", "engine/book", "engine/book/bitbully", "engine/openingbook", "engine/batch"}

// TestNoUnusedExports fails for an exported name (a function, type,
// variable or constant at the top of a package) that no other package of
// the repository uses, unless it has a runnable example or is an error of
// a package for Go users. The values of a type used outside count as used
// with it. An export nobody needs only widens what a reader must learn.
// A use in another package's test counts: a command's test that quotes the
// value it checks (bench's header, a drawing, a default path) rather than
// copying it is a user, and such an export says so in its doc.
func TestNoUnusedExports(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks the whole repository")
	}
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedTypes | packages.NeedTypesInfo | packages.NeedSyntax, Dir: repoRoot, Tests: true}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		t.Fatal(err)
	}
	used := make(map[string]bool)     // "path.Name" of a top-level name used outside its package
	examples := make(map[string]bool) // "path.Name" with an Example
	for _, p := range pkgs {
		home := strings.TrimSuffix(strings.TrimSuffix(p.PkgPath, "_test"), ".test")
		mark := func(t types.Type) { // a named type used through a value of it
			if ptr, ok := t.(*types.Pointer); ok {
				t = ptr.Elem()
			}
			if n, ok := t.(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() != home {
				used[n.Obj().Pkg().Path()+"."+n.Obj().Name()] = true
			}
		}
		for _, obj := range p.TypesInfo.Uses {
			if obj.Pkg() == nil || obj.Pkg().Path() == home {
				continue
			}
			if obj.Parent() == obj.Pkg().Scope() {
				used[obj.Pkg().Path()+"."+obj.Name()] = true
			}
			if sig, ok := obj.Type().(*types.Signature); ok {
				for i := range sig.Results().Len() {
					mark(sig.Results().At(i).Type())
				}
			} else {
				mark(obj.Type())
			}
		}
		for _, sel := range p.TypesInfo.Selections {
			mark(sel.Recv())
		}
		for _, f := range p.Syntax {
			for _, d := range f.Decls {
				if fn, ok := d.(*ast.FuncDecl); ok && strings.HasPrefix(fn.Name.Name, "Example") {
					name, _, _ := strings.Cut(strings.TrimPrefix(fn.Name.Name, "Example"), "_")
					examples[home+"."+name] = true
				}
			}
		}
	}
	var unused []string
	for _, p := range pkgs {
		if p.Name == "main" || strings.HasSuffix(p.PkgPath, "_test") || strings.HasSuffix(p.PkgPath, ".test") || p.Types == nil {
			continue
		}
		rel := strings.TrimPrefix(p.PkgPath, module)
		public := false
		for _, pub := range publicPackages {
			public = public || rel == pub
		}
		scope := p.Types.Scope()
		for _, name := range scope.Names() {
			obj := scope.Lookup(name)
			if !obj.Exported() || used[p.PkgPath+"."+name] || examples[p.PkgPath+"."+name] || public && strings.HasPrefix(name, "Err") {
				continue // used, or documented by an example, or an error Go users can test for
			}
			if n, ok := obj.Type().(*types.Named); ok && !isTypeName(obj) && n.Obj().Pkg() == obj.Pkg() && used[p.PkgPath+"."+n.Obj().Name()] {
				continue // a value of a type used outside: one of its enumerated values
			}
			if pos := p.Fset.Position(obj.Pos()); strings.HasSuffix(pos.Filename, "_test.go") || strings.HasSuffix(pos.Filename, "_gen.go") {
				continue
			}
			unused = append(unused, rel+"."+name)
		}
	}
	sort.Strings(unused)
	unused = dedupe(unused)
	for _, u := range unused {
		t.Errorf("%s is exported but no other package uses it: unexport it (or, in a package for Go users, give it an Example)", u)
	}
}

// dedupe drops repeated entries of a sorted list (a package is loaded
// once alone and once with its tests).
func dedupe(list []string) []string {
	out := list[:0]
	for i, s := range list {
		if i == 0 || s != list[i-1] {
			out = append(out, s)
		}
	}
	return out
}

// isTypeName reports whether obj names a type.
func isTypeName(obj types.Object) bool {
	_, ok := obj.(*types.TypeName)
	return ok
}
