package engine

import (
	"time"

	"github.com/fourgen/fourgen/engine/board"
)

// Progress reports how far a long solve has come: the interval the score
// is known to lie in so far (Lo ≤ score ≤ Hi), and the work done. During
// Analyze, Column is the 1-based column being solved and the interval is
// that of the score of playing it; otherwise Column is 0. During SolveWeak,
// Weak is set and the interval is that of the outcome (-1, 0, 1).
type Progress struct {
	Column  int
	Weak    bool
	Lo, Hi  board.Score
	Nodes   uint64
	Elapsed time.Duration
}

// progressInterval is the least time between two progress reports.
const progressInterval = 250 * time.Millisecond

// SetProgress makes the solver call f from time to time (every
// quarter-second at most, from the solving goroutine) while Solve,
// SolveWeak or Analyze runs long, and after every narrowing of the score's
// interval; nil stops the reports. The nodes of helper threads are counted
// as each window finishes.
func (s *Solver) SetProgress(f func(Progress)) { s.progress = f }

// report calls the progress function if it is due, or at once when now is
// set.
func (s *Solver) report(now bool) {
	if s.progress == nil {
		return
	}
	t := time.Now()
	if !now && t.Sub(s.lastReport) < progressInterval {
		return
	}
	s.lastReport = t
	pr := Progress{Column: s.column, Weak: s.weak, Lo: board.Score(s.lo), Hi: board.Score(s.hi), Nodes: s.nodes, Elapsed: t.Sub(s.start)}
	if s.column > 0 { // the child's interval, seen from the parent
		pr.Lo, pr.Hi = -pr.Hi, -pr.Lo
	}
	s.progress(pr)
}
