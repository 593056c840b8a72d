package main

import (
	"bytes"
	"testing"
	"time"

	"github.com/fourgen/fourgen/engine"
)

// TestSolveProgress checks the progress line: nothing during the first
// second, then the position, the interval, nodes and time on one line
// rewritten in place, erased by clear; a nil progress (not a terminal)
// does nothing.
func TestSolveProgress(t *testing.T) {
	var buf bytes.Buffer
	sp := &solveProgress{w: &buf}
	sp.start("4453")
	sp.show(engine.Progress{Lo: -2, Hi: 5, Nodes: 10, Elapsed: 500 * time.Millisecond})
	if buf.Len() != 0 {
		t.Errorf("shown before a second: %q", buf.String())
	}
	sp.show(engine.Progress{Lo: -2, Hi: 5, Nodes: 1_500_000, Elapsed: 1500 * time.Millisecond})
	sp.show(engine.Progress{Column: 3, Lo: 0, Hi: 5, Nodes: 2_500_000, Elapsed: 2 * time.Second})
	sp.show(engine.Progress{Weak: true, Lo: 0, Hi: 1, Nodes: 3_000_000, Elapsed: 3 * time.Second})
	sp.clear()
	want := "\r\033[K\"4453\": score in [-2, +5], 1.5 M nodes, 1.5s" +
		"\r\033[K\"4453\" column 3: score in [0, +5], 2.5 M nodes, 2s" +
		"\r\033[K\"4453\": outcome in [0, +1], 3.0 M nodes, 3s" +
		"\r\033[K"
	if buf.String() != want {
		t.Errorf("progress output\n%q\nwant\n%q", buf.String(), want)
	}
	buf.Reset()
	sp.clear()
	if buf.Len() != 0 {
		t.Errorf("a second clear wrote %q", buf.String())
	}

	none := showProgress(engine.NewSolver(1), &buf)
	none.start("4")
	none.clear()
	if none != nil || buf.Len() != 0 {
		t.Errorf("showProgress on a buffer = %v, wrote %q; want nil and nothing", none, buf.String())
	}
}
