package treerules

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/google/pprof/profile"
)

// hotShare is the share of the profile's call weight that the hot calls
// make up: Go's compiler treats as hot the heaviest calls that together
// make up 99% of it, and inlines those past its usual budget.
const hotShare = 0.99

// callEdge is a call the profile saw: the caller and the callee by their
// profile names, and the call's line as an offset from the line where the
// caller's declaration begins, which is how the compiler finds a hot call
// in the source (so a profile outlives edits elsewhere in a file).
type callEdge struct {
	caller, callee string
	offset         int64
}

// profileLinesEnv, set to 1 (make check-pgo), makes TestProfileCallSites
// check each hot call's line too.
const profileLinesEnv = "FOURGEN_PROFILE_LINES"

// TestProfileCallSites fails when a hot call of the engine that
// cmd/c4/default.pgo names is no longer made: its caller no longer calls
// its callee. The compiler matches a hot call by its caller, its callee
// and its line's offset from the caller's first line, so a line added or
// removed above a hot call in its caller (a comment too) silently takes
// that call out of the profile's inlining. (A comment line added at the
// top of negamax cost 0.7% more instructions and about 3% more time on
// positions/n12: docs/speed.md.) That is a matter of speed, not of
// correctness, so go test does not fail a contributor for a comment: with
// FOURGEN_PROFILE_LINES=1 (make check-pgo) it checks the lines as well.
// Run make pgo after either fails.
func TestProfileCallSites(t *testing.T) {
	prof := readProfile(t)
	hot := hotCalls(engineCalls(prof))
	if len(hot) == 0 {
		t.Fatalf("%s holds no call between the engine's functions: it is not a profile of the search (make pgo)", profilePath)
	}
	calls := map[string][]callSite{}
	for _, pkg := range profiledPackages {
		for name, sites := range callSitesOf(t, pkg) {
			calls[module+pkg+"."+name] = sites
		}
	}
	lines := os.Getenv(profileLinesEnv) == "1"
	for _, msg := range movedCalls(hot, calls, lines) {
		t.Errorf("%s: %s: run make pgo", profilePath, msg)
	}
}

// movedCalls describes each call of hot that calls (a function's calls,
// by its profile name) do not make, or with lines, do not make at the
// profile's line. A caller calls does not know is left to
// TestProfileCurrent.
func movedCalls(hot []callEdge, calls map[string][]callSite, lines bool) []string {
	var moved []string
	for _, e := range hot {
		sites, ok := calls[e.caller]
		if !ok {
			continue
		}
		want := shortName(e.callee)
		offsets := offsetsOf(sites, want)
		switch {
		case len(offsets) == 0:
			moved = append(moved, fmt.Sprintf("%s no longer calls %s, a hot call of the profile", e.caller, e.callee))
		case lines && !slices.Contains(offsets, e.offset):
			moved = append(moved, fmt.Sprintf("the hot call of %s by %s at line offset %d is not in the tree (the caller's calls of %s are at %v)",
				e.callee, e.caller, e.offset, want, offsets))
		}
	}
	return moved
}

// engineCalls sums the profile's samples by call between two functions of
// the engine (see engineFunc), inlined frames included. The weight is the
// samples' last value (the CPU time).
func engineCalls(prof *profile.Profile) map[callEdge]int64 {
	edges := map[callEdge]int64{}
	for _, s := range prof.Sample {
		var frames []profile.Line // leaf first
		for _, loc := range s.Location {
			frames = append(frames, loc.Line...) // innermost first
		}
		for i := 0; i+1 < len(frames); i++ {
			callee, caller := frames[i].Function, frames[i+1].Function
			if callee == nil || caller == nil || !engineFunc(callee.Name) || !engineFunc(caller.Name) {
				continue
			}
			e := callEdge{caller.Name, callee.Name, frames[i+1].Line - caller.StartLine}
			edges[e] += s.Value[len(s.Value)-1]
		}
	}
	return edges
}

// hotCalls is the heaviest calls of edges that together make up hotShare
// of their weight, heaviest first.
func hotCalls(edges map[callEdge]int64) []callEdge {
	var all []callEdge
	var total int64
	for e, w := range edges {
		all = append(all, e)
		total += w
	}
	slices.SortFunc(all, func(a, b callEdge) int { // heaviest first; ties in a fixed order
		return cmp.Or(cmp.Compare(edges[b], edges[a]), strings.Compare(a.caller, b.caller),
			strings.Compare(a.callee, b.callee), cmp.Compare(a.offset, b.offset))
	})
	var sum int64
	for i, e := range all {
		if float64(sum) >= hotShare*float64(total) {
			return all[:i]
		}
		sum += edges[e]
	}
	return all
}

// callSite is a call in a function's body: its line as an offset from the
// line of the function's declaration, and the name it calls (a method's or
// a function's, without its receiver or package).
type callSite struct {
	offset int64
	name   string
}

// callSitesOf lists the calls in each function declared in the package's
// folder, by the function's name as a profile gives it (see funcName).
// A call's line is that of its opening parenthesis, as the compiler
// places it.
func callSitesOf(t *testing.T, pkg string) map[string][]callSite {
	fset := token.NewFileSet()
	sites := map[string][]callSite{}
	for _, file := range parsePackage(t, pkg, fset) {
		maps.Copy(sites, callSitesIn(fset, file))
	}
	return sites
}

// callSitesIn lists the calls in each function declared in file, by the
// function's name as a profile gives it (see funcName).
func callSitesIn(fset *token.FileSet, file *ast.File) map[string][]callSite {
	sites := map[string][]callSite{}
	for _, decl := range file.Decls {
		fn, ok := decl.(*ast.FuncDecl)
		if !ok || fn.Body == nil {
			continue
		}
		start := int64(fset.Position(fn.Pos()).Line)
		var list []callSite
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if name := calledName(call.Fun); name != "" {
					list = append(list, callSite{int64(fset.Position(call.Lparen).Line) - start, name})
				}
			}
			return true
		})
		sites[funcName(fn)] = list
	}
	return sites
}

// calledName is the name a call's function expression ends in: F of F(),
// pkg.F() and x.M(), or "" for anything else.
func calledName(fun ast.Expr) string {
	switch f := fun.(type) {
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		return f.Sel.Name
	case *ast.IndexExpr: // an instantiated generic function
		return calledName(f.X)
	}
	return ""
}

// shortName is the function or method name of a profile name:
// "negamax" of "…/engine.(*searcher).negamax".
func shortName(name string) string {
	return name[strings.LastIndex(name, ".")+1:]
}

// offsetsOf lists the offsets of the calls of name among sites.
func offsetsOf(sites []callSite, name string) []int64 {
	var offsets []int64
	for _, s := range sites {
		if s.name == name {
			offsets = append(offsets, s.offset)
		}
	}
	return offsets
}
