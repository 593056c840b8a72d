package dataset

import (
	"context"
	"fmt"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/board"
)

// labelPosition returns the record of slot index holding the position of moves,
// scored by s: the score of each column by [engine.Solver.Analyze] and the
// position's score, the best of them. The position must not be over.
func labelPosition(ctx context.Context, s *engine.Solver, index int64, moves string) (datasetRecord, error) {
	p, err := board.Parse(moves)
	if err != nil {
		return datasetRecord{}, err
	}
	if p.IsWon() || p.IsFull() {
		return datasetRecord{}, fmt.Errorf("position %q is over: nothing to score", moves)
	}
	scores, err := s.Analyze(ctx, p)
	if err != nil {
		return datasetRecord{}, err
	}
	rec := datasetRecord{Index: index, Pos: moves, Ply: p.Moves(), Score: int(board.Invalid)}
	for col, sc := range scores {
		rec.Scores[col] = int(sc)
		if sc != board.Invalid {
			rec.Score = max(rec.Score, int(sc))
		}
	}
	return rec, nil
}

// checkLabels reports an error unless rec's labels fit its position, as
// far as the rules alone tell without a search: -1000 exactly for the
// full columns, the win's exact score for a column that makes four, the
// loss's exact score for a column that lets the opponent make four at
// once, a draw for the last empty cell, every other column's score in the range a game from there
// allows, and a score that is the best of the scores. rec must have
// passed [datasetRecord.check].
func (rec datasetRecord) checkLabels() error {
	p, err := board.Parse(rec.Pos)
	if err != nil {
		return fmt.Errorf("pos %q: %w", rec.Pos, err)
	}
	if p.IsWon() || p.IsFull() {
		return fmt.Errorf("position %q is over: nothing to score", rec.Pos)
	}
	n := p.Moves()
	win := (board.Cells + 1 - n) / 2 // a win with the next stone
	loss := -(board.Cells - n) / 2   // a loss to the opponent's next stone
	best := int(board.Invalid)
	for col, s := range rec.Scores {
		lo, hi := loss+1, win-1 // neither side makes four at once
		switch {
		case !p.CanPlay(col):
			lo, hi = int(board.Invalid), int(board.Invalid)
		case p.IsWinningMove(col):
			lo, hi = win, win
		default:
			child := p
			child.Play(col)
			switch {
			case child.IsFull():
				lo, hi = 0, 0 // a draw
			case child.CanWinNow():
				lo, hi = loss, loss
			}
		}
		if s < lo || s > hi {
			return fmt.Errorf("column %d scores %d, want %s", col+1, s, scoreRange(lo, hi))
		}
		best = max(best, s)
	}
	if rec.Score != best {
		return fmt.Errorf("score %d is not the best of the scores, %d", rec.Score, best)
	}
	return nil
}

// scoreRange says which scores lo to hi allow: one, or a range.
func scoreRange(lo, hi int) string {
	if lo == hi {
		return fmt.Sprint(lo)
	}
	return fmt.Sprintf("%d to %d", lo, hi)
}
