// This file shows the progress of long solves (c4 solve and analyze) on a
// terminal.

package progress

import (
	"fmt"
	"io"
	"math"
	"time"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/posfile"
	"github.com/fourgen/fourgen/internal/terminal"
)

// solveDelay is how long a solve runs before its progress is shown, so
// that quick answers leave no trace on the terminal.
const solveDelay = time.Second

// rateSmoothing is the time constant of the smoothed node rate: a change
// of the rate shows by two thirds after this long.
const rateSmoothing = 2 * time.Second

// Solve shows a solver's progress reports on a terminal as one line
// behind a spinner: the position, the interval its score is known to lie
// in, the nodes searched and their rate in readable units, and the time
// so far.
type Solve struct {
	w      io.Writer
	moves  string // the position being solved
	bar    *Bar   // shown once a solve has run for SolveDelay
	rate   rate
	solver *engine.Solver
	slow   slowNotice
}

// ShowSolve makes s report on w while it solves, if w is a terminal;
// otherwise it returns nil, which every method accepts.
func ShowSolve(s *engine.Solver, w io.Writer) *Solve {
	if !terminal.Is(w) {
		return nil
	}
	sp := &Solve{w: w, solver: s}
	s.SetProgress(sp.show)
	return sp
}

// Start names the position p, written moves, about to be solved; once,
// for an early position without a book, it says first that the solve may
// take long (see [Solve.Announcing]).
func (sp *Solve) Start(moves string, p board.Position) {
	if sp != nil {
		sp.moves = moves
		sp.rate = rate{}
		sp.slow.say(sp.w, sp.solver, p)
	}
}

// show draws one report, once the solve has run for SolveDelay.
func (sp *Solve) show(pr engine.Progress) {
	nodesPerSecond := sp.rate.update(pr.Nodes, pr.Elapsed)
	if pr.Elapsed < solveDelay {
		return
	}
	if sp.bar == nil {
		sp.bar = newLine(sp.w, true)
	}
	sp.bar.Describe(solveLabel(sp.moves, pr, nodesPerSecond))
}

// solveLabel describes a progress report of the solve of moves: the
// position (and column), the interval of its score, the nodes and their
// rate and the time so far.
func solveLabel(moves string, pr engine.Progress, nodesPerSecond float64) string {
	what := posfile.Quote(moves)
	if pr.Column > 0 {
		what += fmt.Sprintf(" column %d", pr.Column)
	}
	kind := "score"
	if pr.Weak {
		kind = "outcome"
	}
	return fmt.Sprintf("%s: %s in [%v, %v], %s nodes, %s nodes/s, %v", what, kind, pr.Lo, pr.Hi,
		readable(float64(pr.Nodes)), readable(nodesPerSecond), pr.Elapsed.Round(100*time.Millisecond))
}

// rate is a node rate smoothed over time: the average rate since the
// solve began, itself followed with the time constant rateSmoothing, so
// that the nodes of helper threads, counted in lumps as their windows
// end, do not make it jump. Its zero value has seen no report.
type rate struct {
	shown float64       // nodes per second shown, 0 before any report
	at    time.Duration // the elapsed time of the last report
}

// update takes a report of nodes searched in elapsed and returns the
// rate to show.
func (r *rate) update(nodes uint64, elapsed time.Duration) float64 {
	if elapsed <= 0 {
		return r.shown
	}
	average := float64(nodes) / elapsed.Seconds()
	if r.shown == 0 || elapsed < r.at { // the first report, or a new solve
		r.shown = average
	} else {
		keep := math.Exp(-float64(elapsed-r.at) / float64(rateSmoothing))
		r.shown = keep*r.shown + (1-keep)*average
	}
	r.at = elapsed
	return r.shown
}

// Clear removes the progress line, if one was shown, before an answer is
// printed.
func (sp *Solve) Clear() {
	if sp != nil && sp.bar != nil {
		sp.bar.Close()
		sp.bar = nil
	}
}
