package dataset

import (
	"context"
	"fmt"

	"github.com/fourgen/fourgen/engine"
)

// Label returns the record of slot index holding the position of moves,
// scored by s: the score of each column by [engine.Solver.Analyze] and the
// position's score, the best of them. The position must not be over.
func Label(ctx context.Context, s *engine.Solver, index int64, moves string) (Record, error) {
	p, err := engine.Parse(moves)
	if err != nil {
		return Record{}, err
	}
	if p.IsWon() || p.IsFull() {
		return Record{}, fmt.Errorf("position %q is over: nothing to score", moves)
	}
	scores, err := s.Analyze(ctx, p)
	if err != nil {
		return Record{}, err
	}
	rec := Record{Index: index, Pos: moves, Ply: p.Moves(), Score: int(engine.Invalid)}
	for col, sc := range scores {
		rec.Scores[col] = int(sc)
		if sc != engine.Invalid {
			rec.Score = max(rec.Score, int(sc))
		}
	}
	return rec, nil
}
