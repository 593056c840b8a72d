package progress

import (
	"bytes"
	"testing"
	"time"

	"github.com/fourgen/fourgen/engine"
)

// TestSolve checks the progress shown of a long solve: nothing
// during the first second, then a bar labelled with the position, the
// interval and the time, removed by Clear; and that a progress on a
// writer that is not a terminal is nil and does nothing.
func TestSolve(t *testing.T) {
	var buf bytes.Buffer
	sp := &Solve{w: &buf}
	sp.Start("4453")
	sp.show(engine.Progress{Lo: -2, Hi: 5, Nodes: 10, Elapsed: 500 * time.Millisecond})
	if sp.bar != nil {
		t.Error("a bar before a second")
	}
	sp.show(engine.Progress{Lo: -2, Hi: 5, Nodes: 1_500_000, Elapsed: 1500 * time.Millisecond})
	if sp.bar == nil {
		t.Error("no bar after a second")
	}
	sp.Clear()
	if sp.bar != nil {
		t.Error("a bar after clear")
	}
	for _, tc := range []struct {
		pr   engine.Progress
		want string
	}{
		{engine.Progress{Lo: -2, Hi: 5, Nodes: 1_500_000, Elapsed: 1500 * time.Millisecond}, `"4453": score in [-2, +5], 1.5s`},
		{engine.Progress{Column: 3, Lo: 0, Hi: 5, Elapsed: 2 * time.Second}, `"4453" column 3: score in [0, +5], 2s`},
		{engine.Progress{Weak: true, Lo: 0, Hi: 1, Elapsed: 3 * time.Second}, `"4453": outcome in [0, +1], 3s`},
	} {
		if got := solveLabel("4453", tc.pr); got != tc.want {
			t.Errorf("solveLabel(%+v) = %q, want %q", tc.pr, got, tc.want)
		}
	}

	none := ShowSolve(engine.NewSolver(1), &buf)
	none.Start("4")
	none.Clear()
	if none != nil || buf.Len() != 0 {
		t.Errorf("showProgress on a buffer = %v, wrote %q; want nil and nothing", none, buf.String())
	}
}
