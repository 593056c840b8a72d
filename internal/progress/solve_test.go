package progress

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/solvertest"
)

// TestSolve checks the progress shown of a long solve: nothing during
// the first second, then one line with the position, the interval, the
// nodes and their rate in readable units and one time, removed by Clear;
// and that a progress on a writer that is not a terminal is nil and does
// nothing.
func TestSolve(t *testing.T) {
	var buf bytes.Buffer
	sp := &Solve{w: &buf}
	sp.Start("44", board.Position{})
	sp.show(engine.Progress{Lo: -2, Hi: 5, Nodes: 10, Elapsed: 500 * time.Millisecond})
	if sp.bar != nil || buf.Len() > 0 {
		t.Errorf("a line before a second: %q", buf.String())
	}
	sp.show(engine.Progress{Lo: 1, Hi: 19, Nodes: 78_610_432, Elapsed: 14200 * time.Millisecond})
	if sp.bar == nil {
		t.Fatal("no line after a second")
	}
	drawn := buf.String()
	// The last drawing, after the spinner character.
	last := drawn[strings.LastIndex(drawn, "\r")+1:]
	if want := regexp.MustCompile(`^. "44": score in \[\+1, \+19\], 78\.6 M nodes, \d\.\d\d M nodes/s, 14\.2s\s*$`); !want.MatchString(last) {
		t.Errorf("drew %q, want it to match %s", last, want)
	}
	if strings.Contains(drawn, "/-") || regexp.MustCompile(`\[[0-9hms:]+\]`).MatchString(drawn) {
		t.Errorf("drew %q: want one time and no total", drawn)
	}
	if len(last) >= 80 {
		t.Errorf("a line of %d columns: %q", len(last), last)
	}
	sp.Clear()
	if sp.bar != nil {
		t.Error("a line after clear")
	}
	for _, tc := range []struct {
		pr   engine.Progress
		rate float64
		want string
	}{
		{engine.Progress{Lo: -2, Hi: 5, Nodes: 1_500_000, Elapsed: 1500 * time.Millisecond}, 1e6, `"4453": score in [-2, +5], 1.50 M nodes, 1.00 M nodes/s, 1.5s`},
		{engine.Progress{Column: 3, Lo: 0, Hi: 5, Nodes: 999, Elapsed: 2 * time.Second}, 499.5, `"4453" column 3: score in [0, +5], 999 nodes, 500 nodes/s, 2s`},
		{engine.Progress{Weak: true, Lo: 0, Hi: 1, Nodes: 4_100_000_000, Elapsed: 3 * time.Second}, 1.37e9, `"4453": outcome in [0, +1], 4.10 G nodes, 1.37 G nodes/s, 3s`},
	} {
		if got := solveLabel("4453", tc.pr, tc.rate); got != tc.want {
			t.Errorf("solveLabel(%+v) = %q, want %q", tc.pr, got, tc.want)
		}
	}

	none := ShowSolve(solvertest.New(t, 1), &buf)
	none.Start("4", board.Position{})
	none.Clear()
	if none != nil {
		t.Errorf("showProgress on a buffer = %v, want nil", none)
	}
}

// TestRateIsSteady feeds the rate reports every quarter second of a
// search of 10 M nodes/s whose helper thread's 40 M nodes are counted in
// one lump every two seconds, and checks that from the fourth second on
// the rate shown moves by less than 10% between reports, while the
// average rate it follows jumps by more than 20%.
func TestRateIsSteady(t *testing.T) {
	var r rate
	var prevShown, prevAverage float64
	maxShownJump, maxAverageJump := 0.0, 0.0
	for step := 1; step <= 40; step++ {
		elapsed := time.Duration(step) * 250 * time.Millisecond
		nodes := uint64(10e6*elapsed.Seconds()) + uint64(step/8)*40e6
		shown := r.update(nodes, elapsed)
		average := float64(nodes) / elapsed.Seconds()
		if elapsed > 4*time.Second {
			maxShownJump = max(maxShownJump, abs(shown/prevShown-1))
			maxAverageJump = max(maxAverageJump, abs(average/prevAverage-1))
		}
		prevShown, prevAverage = shown, average
	}
	if maxAverageJump < 0.2 {
		t.Fatalf("the average jumps by %.0f%% at most: make the fixture lumpier", 100*maxAverageJump)
	}
	if maxShownJump > 0.1 {
		t.Errorf("the rate shown jumps by %.0f%% (the average by %.0f%%)", 100*maxShownJump, 100*maxAverageJump)
	}
	if got := r.update(0, time.Second); got != 0 {
		t.Errorf("a new solve starts at %v nodes/s, want its own average, 0", got)
	}
}

func abs(x float64) float64 { return max(x, -x) }
