package treerules

import (
	"go/parser"
	"go/token"
	"slices"
	"testing"

	"github.com/google/pprof/profile"
)

// TestMovedCalls checks that the call-site check of TestProfileCallSites
// reports a hot call its caller no longer makes, and with lines checked,
// one that has moved, on a small source whose offsets are known.
func TestMovedCalls(t *testing.T) {
	const src = `package engine

func a(s *searcher) int {
	b()
	// a comment line
	return c(1) +
		s.d()
}
`
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "a.go", src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	calls := map[string][]callSite{}
	for name, sites := range callSitesIn(fset, file) {
		calls[module+"engine."+name] = sites
	}
	a := module + "engine.a"
	for _, tc := range []struct {
		name         string
		edge         callEdge
		moved, lined bool // moved, and moved when lines are checked
	}{
		{"a function call where the profile saw it", callEdge{a, module + "engine.b", 1}, false, false},
		{"a call below a comment line", callEdge{a, module + "engine.c", 3}, false, false},
		{"a method call on the line of its parenthesis", callEdge{a, module + "engine.(*searcher).d", 4}, false, false},
		{"a call a line off (a line added above it)", callEdge{a, module + "engine.c", 2}, false, true},
		{"a call the caller no longer makes", callEdge{a, module + "engine.e", 1}, true, true},
		{"a caller the tree does not have", callEdge{module + "engine.gone", module + "engine.b", 1}, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, lines := range []bool{false, true} {
				moved := movedCalls([]callEdge{tc.edge}, calls, lines)
				if got, want := len(moved) > 0, tc.moved || lines && tc.lined; got != want {
					t.Errorf("movedCalls(%v, lines %v) = %q, want moved %v (the calls: %v)", tc.edge, lines, moved, want, calls[a])
				}
			}
		})
	}
}

// TestEngineCalls checks that the calls are read from a profile's stacks
// with inlined frames, their offsets from the caller's first line, and
// that only calls between the engine's functions count.
func TestEngineCalls(t *testing.T) {
	caller := &profile.Function{ID: 1, Name: module + "engine.(*searcher).negamax", StartLine: 40}
	inlined := &profile.Function{ID: 2, Name: module + "engine.orderMoves", StartLine: 100}
	leaf := &profile.Function{ID: 3, Name: module + "engine/board.WinningCellsOf", StartLine: 7}
	memmove := &profile.Function{ID: 4, Name: "runtime.memmove", StartLine: 1}
	prof := &profile.Profile{
		Function: []*profile.Function{caller, inlined, leaf, memmove},
		Sample: []*profile.Sample{
			{ // the kernel called from orderMoves, inlined into negamax
				Location: []*profile.Location{
					{ID: 1, Line: []profile.Line{{Function: leaf, Line: 9}}},
					{ID: 2, Line: []profile.Line{{Function: inlined, Line: 112}, {Function: caller, Line: 101}}},
				},
				Value: []int64{3, 30},
			},
			{ // the same calls again, and the runtime below the kernel
				Location: []*profile.Location{
					{ID: 3, Line: []profile.Line{{Function: memmove, Line: 5}}},
					{ID: 1, Line: []profile.Line{{Function: leaf, Line: 9}}},
					{ID: 2, Line: []profile.Line{{Function: inlined, Line: 112}, {Function: caller, Line: 101}}},
				},
				Value: []int64{1, 10},
			},
		},
	}
	got := engineCalls(prof)
	want := map[callEdge]int64{
		{inlined.Name, leaf.Name, 12}:   40,
		{caller.Name, inlined.Name, 61}: 40,
	}
	if len(got) != len(want) {
		t.Fatalf("engineCalls = %v, want %v", got, want)
	}
	for e, w := range want {
		if got[e] != w {
			t.Errorf("engineCalls[%v] = %d, want %d (all: %v)", e, got[e], w, got)
		}
	}
}

// TestHotCalls checks that the hot calls are the heaviest that make up
// hotShare of the weight, and no more.
func TestHotCalls(t *testing.T) {
	x, y, z := callEdge{"x", "f", 1}, callEdge{"y", "f", 1}, callEdge{"z", "f", 1}
	for _, tc := range []struct {
		name  string
		edges map[callEdge]int64
		want  []callEdge
	}{
		{"the lightest percent left out", map[callEdge]int64{x: 90, y: 9, z: 1}, []callEdge{x, y}},
		{"one call", map[callEdge]int64{y: 5}, []callEdge{y}},
		{"three calls needed", map[callEdge]int64{x: 50, y: 30, z: 20}, []callEdge{x, y, z}},
		{"none", map[callEdge]int64{}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := hotCalls(tc.edges); !slices.Equal(got, tc.want) {
				t.Errorf("hotCalls(%v) = %v, want %v", tc.edges, got, tc.want)
			}
		})
	}
}
