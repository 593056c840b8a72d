package treerules

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
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
//
// A use in another package's test counts: a command's test that quotes the
// value it checks (bench's header, a drawing, a default path) rather than
// copying it is a user. But in a package the application's code imports
// (not a test helper, which imports package testing, and not a package
// for Go users), a name only tests use must say so: its doc says whose
// tests it is "Exported for" and why, so that no such exception is silent.
// A type used as the type of an exported field of a used type is used.
func TestNoUnusedExports(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks the whole repository")
	}
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedImports | packages.NeedTypes | packages.NeedTypesInfo | packages.NeedSyntax, Dir: repoRoot, Tests: true}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		t.Fatal(err)
	}
	used, examples := outsideUses(pkgs, true)
	usedByCode, _ := outsideUses(pkgs, false)
	withFieldTypes(usedByCode, pkgs)
	codeImports := make(map[string]bool) // packages a package's code imports, not a test's or a test helper's
	for _, p := range pkgs {
		if _, helper := p.Imports["testing"]; !helper {
			for _, imp := range p.Imports {
				codeImports[imp.PkgPath] = true
			}
		}
	}
	var unused, unsaid []string
	for _, p := range pkgs {
		if p.Name == "main" || strings.HasSuffix(p.PkgPath, "_test") || strings.HasSuffix(p.PkgPath, ".test") || p.Types == nil {
			continue
		}
		rel := strings.TrimPrefix(p.PkgPath, module)
		public := slices.Contains(publicPackages, rel)
		docs := declDocs(p.Syntax)
		scope := p.Types.Scope()
		for _, name := range scope.Names() {
			obj := scope.Lookup(name)
			if !obj.Exported() || examples[p.PkgPath+"."+name] || public && strings.HasPrefix(name, "Err") {
				continue // documented by an example, or an error Go users can test for
			}
			if pos := p.Fset.Position(obj.Pos()); strings.HasSuffix(pos.Filename, "_test.go") || strings.HasSuffix(pos.Filename, "_gen.go") {
				continue
			}
			switch {
			case !usedWith(used, obj):
				unused = append(unused, rel+"."+name)
			case !public && codeImports[p.PkgPath] && !usedWith(usedByCode, obj) && !strings.Contains(docs[obj.Pos()], "Exported for"):
				unsaid = append(unsaid, rel+"."+name)
			}
		}
	}
	sort.Strings(unused)
	for _, u := range dedupe(unused) {
		t.Errorf("%s is exported but no other package uses it: unexport it (or, in a package for Go users, give it an Example)", u)
	}
	sort.Strings(unsaid)
	for _, u := range dedupe(unsaid) {
		t.Errorf("%s is exported for other packages' tests only: unexport it, or say in its doc whose tests it is \"Exported for\" and why", u)
	}
}

// outsideUses lists the top-level names ("path.Name") that a package uses
// from another (in its test files too, or not), and the names with an
// Example.
func outsideUses(pkgs []*packages.Package, withTests bool) (used, examples map[string]bool) {
	used = make(map[string]bool)
	examples = make(map[string]bool)
	for _, p := range pkgs {
		home := strings.TrimSuffix(strings.TrimSuffix(p.PkgPath, "_test"), ".test")
		counts := func(pos token.Pos) bool {
			return withTests || !strings.HasSuffix(p.Fset.Position(pos).Filename, "_test.go")
		}
		mark := func(t types.Type) { // a named type used through a value of it
			for {
				switch u := t.(type) {
				case *types.Pointer:
					t = u.Elem()
					continue
				case *types.Slice:
					t = u.Elem()
					continue
				case *types.Array:
					t = u.Elem()
					continue
				}
				break
			}
			if n, ok := t.(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() != home {
				used[n.Obj().Pkg().Path()+"."+n.Obj().Name()] = true
			}
		}
		for id, obj := range p.TypesInfo.Uses {
			if obj.Pkg() == nil || obj.Pkg().Path() == home || !counts(id.Pos()) {
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
		for expr, sel := range p.TypesInfo.Selections {
			if !counts(expr.Pos()) {
				continue
			}
			mark(sel.Recv())
			if sig, ok := sel.Type().(*types.Signature); ok {
				for i := range sig.Results().Len() {
					mark(sig.Results().At(i).Type())
				}
			} else {
				mark(sel.Type()) // a field's type, used through the field
			}
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
	return used, examples
}

// withFieldTypes adds to used the named types of the exported fields of
// the struct types in used, and of theirs: a field's type is part of the
// API of the type that holds it (a request's parts, decoded from JSON).
func withFieldTypes(used map[string]bool, pkgs []*packages.Package) {
	for changed := true; changed; {
		changed = false
		for _, p := range pkgs {
			if p.Types == nil {
				continue
			}
			for _, name := range p.Types.Scope().Names() {
				obj := p.Types.Scope().Lookup(name)
				st, ok := obj.Type().Underlying().(*types.Struct)
				if !ok || !isTypeName(obj) || !used[p.PkgPath+"."+name] {
					continue
				}
				for i := range st.NumFields() {
					t := st.Field(i).Type()
					if ptr, ok := t.(*types.Pointer); ok {
						t = ptr.Elem()
					}
					if n, ok := t.(*types.Named); ok && st.Field(i).Exported() && n.Obj().Pkg() == p.Types {
						key := p.PkgPath + "." + n.Obj().Name()
						changed = changed || !used[key]
						used[key] = true
					}
				}
			}
		}
	}
}

// usedWith reports whether obj is in used, or is a value of a type of its
// package in used (one of its enumerated values).
func usedWith(used map[string]bool, obj types.Object) bool {
	if used[obj.Pkg().Path()+"."+obj.Name()] {
		return true
	}
	n, ok := obj.Type().(*types.Named)
	return ok && !isTypeName(obj) && n.Obj().Pkg() == obj.Pkg() && used[obj.Pkg().Path()+"."+n.Obj().Name()]
}

// declDocs maps the position of each top-level name the files declare to
// its doc comment (a group's when the name's own is missing).
func declDocs(files []*ast.File) map[token.Pos]string {
	docs := make(map[token.Pos]string)
	for _, f := range files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					docs[d.Name.Pos()] = d.Doc.Text()
				}
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					switch s := spec.(type) {
					case *ast.TypeSpec:
						docs[s.Name.Pos()] = s.Doc.Text() + d.Doc.Text()
					case *ast.ValueSpec:
						for _, n := range s.Names {
							docs[n.Pos()] = s.Doc.Text() + d.Doc.Text()
						}
					}
				}
			}
		}
	}
	return docs
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
