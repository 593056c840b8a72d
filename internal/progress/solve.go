// This file shows the progress of long solves (c4 solve and analyze) on a
// terminal.

package progress

import (
	"fmt"
	"io"
	"time"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/posfile"
)

// SolveDelay is how long a solve runs before its progress is shown, so
// that quick answers leave no trace on the terminal.
const SolveDelay = time.Second

// Solve shows a solver's progress reports on a terminal as a
// progress bar: the nodes searched and their rate, labelled with the
// position, the interval its score is known to lie in and the time so far.
type Solve struct {
	w     io.Writer
	moves string // the position being solved
	bar   *Bar   // shown once a solve has run for SolveDelay
}

// ShowSolve makes s report on w while it solves, if w is a terminal;
// otherwise it returns nil, which every method accepts.
func ShowSolve(s *engine.Solver, w io.Writer) *Solve {
	if !IsTerminal(w) {
		return nil
	}
	sp := &Solve{w: w}
	s.SetProgress(sp.show)
	return sp
}

// Start names the position about to be solved.
func (sp *Solve) Start(moves string) {
	if sp != nil {
		sp.moves = moves
	}
}

// show draws one report, once the solve has run for SolveDelay.
func (sp *Solve) show(pr engine.Progress) {
	if pr.Elapsed < SolveDelay {
		return
	}
	if sp.bar == nil {
		sp.bar = New(sp.w, 0, "nodes", "")
	}
	sp.bar.Describe(solveLabel(sp.moves, pr))
	sp.bar.Set(int64(pr.Nodes))
}

// solveLabel describes a progress report of the solve of moves: the
// position (and column), the interval of its score and the time so far.
func solveLabel(moves string, pr engine.Progress) string {
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

// Clear removes the progress bar, if one was shown, before an answer is
// printed.
func (sp *Solve) Clear() {
	if sp != nil && sp.bar != nil {
		sp.bar.Close()
		sp.bar = nil
	}
}
