// This file shows the progress of long solves on a terminal.

package main

import (
	"fmt"
	"io"
	"time"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/posfile"
)

// progressDelay is how long a solve runs before its progress is shown, so
// that quick answers leave no trace on the terminal.
const progressDelay = time.Second

// solveProgress shows a solver's progress reports on one line of a
// terminal, rewritten in place: the position, the interval its score is
// known to lie in, the nodes and the time so far.
type solveProgress struct {
	w     io.Writer
	moves string // the position being solved
	shown bool
}

// showProgress makes s report on w while it solves, if w is a terminal;
// otherwise it returns nil, which every method accepts.
func showProgress(s *engine.Solver, w io.Writer) *solveProgress {
	if !isTerminal(w) {
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

// show writes one report, once the solve has run for progressDelay.
func (sp *solveProgress) show(pr engine.Progress) {
	if pr.Elapsed < progressDelay {
		return
	}
	what := posfile.Quote(sp.moves)
	if pr.Column > 0 {
		what += fmt.Sprintf(" column %d", pr.Column)
	}
	kind := "score"
	if pr.Weak {
		kind = "outcome"
	}
	fmt.Fprintf(sp.w, "\r\033[K%s: %s in [%v, %v], %.1f M nodes, %v", what, kind, pr.Lo, pr.Hi, float64(pr.Nodes)/1e6, pr.Elapsed.Round(100*time.Millisecond))
	sp.shown = true
}

// clear erases the progress line, if one was shown, before an answer is
// printed.
func (sp *solveProgress) clear() {
	if sp != nil && sp.shown {
		fmt.Fprint(sp.w, "\r\033[K")
		sp.shown = false
	}
}
