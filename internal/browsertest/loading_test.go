package browsertest

import (
	"slices"
	"strings"
	"testing"
)

// TestLoadingProblems checks that a page that looks right while loading has
// no problem, and that each thing issue 39 item 1 met is named.
func TestLoadingProblems(t *testing.T) {
	good := Loading{Columns: 7, Status: "Loading the engine\u2026", Footer: "fourgen's static page"}
	if p := good.Problems("Loading the engine"); len(p) > 0 {
		t.Errorf("a good loading page: %q", p)
	}
	bad := Loading{Enabled: 2, Status: "", Circle: true, Waiting: []string{"position-line"}, Empty: []string{"layout"}}
	got := bad.Problems("Loading the engine")
	for _, want := range []string{"no board", "2 columns take clicks", "status line says", "disc", "position-line", "blank in layout"} {
		if !slices.ContainsFunc(got, func(p string) bool { return strings.Contains(p, want) }) {
			t.Errorf("problems %q, want one naming %q", got, want)
		}
	}
}
