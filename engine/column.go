package engine

import (
	"github.com/fourgen/fourgen/engine/board"

	"context"
	"fmt"
)

// AnalyzeColumn returns the score of playing column col (0-based) in p,
// from the side to move's view, as [Solver.Analyze] scores it: [Invalid]
// for a full column. It is Analyze for one column, so that several
// solvers (the Web Workers of the static page, each with its own table)
// can share out the columns of one position. Its [Stats] and progress
// reports are those of that column.
func (s *Solver) AnalyzeColumn(ctx context.Context, p board.Position, col int) (board.Score, error) {
	if col < 0 || col >= board.Width {
		return board.Invalid, fmt.Errorf("engine: column %d: want 0 to %d", col, board.Width-1)
	}
	s.begin(ctx)
	defer s.end()
	if p.IsWon() {
		return board.Invalid, ErrGameOver
	}
	scores, done := settledColumns(p, board.Score(board.WinScore(p.Moves())))
	if done[col] {
		return scores[col], nil
	}
	hints := s.bookHintsOf(p)
	if c, ok := hints.deduce(&scores, &done); ok && c == col {
		s.deduced++
		return hints.best, nil // the one column that can be the best
	}
	child := p
	child.Play(col)
	s.column = col + 1
	v, err := s.solveFrom(child, hints.floor(col), noGuess) // as Analyze, but with no sibling to guess from
	s.column = 0
	if err != nil {
		return board.Invalid, err
	}
	return -v, nil
}
