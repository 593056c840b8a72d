// This file shows the progress of long solves on a terminal.

package main

import (
	"fmt"
	"io"
	"time"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/posfile"
	"github.com/fourgen/fourgen/internal/progress"
)

// progressDelay is how long a solve runs before its progress is shown, so
// that quick answers leave no trace on the terminal.
const progressDelay = time.Second

// solveProgress shows a solver's progress reports on a terminal as a
// progress bar: the nodes searched and their rate, labelled with the
// position, the interval its score is known to lie in and the time so far.
type solveProgress struct {
	w     io.Writer
	moves string        // the position being solved
	bar   *progress.Bar // shown once a solve has run for progressDelay
}

// showProgress makes s report on w while it solves, if w is a terminal;
// otherwise it returns nil, which every method accepts.
func showProgress(s *engine.Solver, w io.Writer) *solveProgress {
	if !progress.IsTerminal(w) {
		return nil
	}
	sp := &solveProgress{w: w}
	s.SetProgress(sp.show)
	return sp
}

// start names the position about to be solved.
func (sp *solveProgress) start(moves string) {
	if sp != nil {
		sp.moves = moves
	}
}

// show draws one report, once the solve has run for progressDelay.
func (sp *solveProgress) show(pr engine.Progress) {
	if pr.Elapsed < progressDelay {
		return
	}
	if sp.bar == nil {
		sp.bar = progress.New(sp.w, 0, "nodes", "")
	}
	sp.bar.Describe(progressLabel(sp.moves, pr))
	sp.bar.Set(int64(pr.Nodes))
}

// progressLabel describes a progress report of the solve of moves: the
// position (and column), the interval of its score and the time so far.
func progressLabel(moves string, pr engine.Progress) string {
	what := posfile.Quote(moves)
	if pr.Column > 0 {
		what += fmt.Sprintf(" column %d", pr.Column)
	}
	kind := "score"
	if pr.Weak {
		kind = "outcome"
	}
	return fmt.Sprintf("%s: %s in [%v, %v], %v", what, kind, pr.Lo, pr.Hi, pr.Elapsed.Round(100*time.Millisecond))
}

// clear removes the progress bar, if one was shown, before an answer is
// printed.
func (sp *solveProgress) clear() {
	if sp != nil && sp.bar != nil {
		sp.bar.Close()
		sp.bar = nil
	}
}
