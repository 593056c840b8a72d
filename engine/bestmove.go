package engine

import (
	"github.com/fourgen/fourgen/engine/board"

	"context"
	"math/rand/v2"
)

// TieBreak chooses among columns of equal score.
type TieBreak struct {
	kind tieKind
	rng  *rand.Rand
}

type tieKind int

const (
	tieCentre tieKind = iota
	tieLeftmost
	tieRandom
)

// Tie-break strategies for [Solver.BestMove].
var (
	// CentreFirst prefers the column nearest the centre, then the left one.
	CentreFirst = TieBreak{kind: tieCentre}
	// Leftmost prefers the leftmost column.
	Leftmost = TieBreak{kind: tieLeftmost}
)

// SeededRandom picks uniformly among the best columns with a generator
// seeded by seed, so that a game can be replayed.
func SeededRandom(seed uint64) TieBreak {
	return TieBreak{kind: tieRandom, rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
}

// BestMove returns a best column (0-based) of p and its score, choosing
// among equally good columns by tieBreak.
func (s *Solver) BestMove(ctx context.Context, p board.Position, tieBreak TieBreak) (int, board.Score, error) {
	if wins := p.WinningMoves(); !wins.IsZero() && !p.IsWon() {
		// A move that makes four beats every other: no search needed.
		s.begin(ctx)
		s.end()
		var scores [board.Width]board.Score
		for col := range board.Width {
			scores[col] = board.Invalid
			if !wins.And(board.ColumnMask(col)).IsZero() {
				scores[col] = board.Score(board.WinScore(p.Moves()))
			}
		}
		return tieBreak.Choose(scores)
	}
	scores, err := s.Analyze(ctx, p)
	if err != nil {
		return -1, 0, err
	}
	return tieBreak.Choose(scores)
}

// Choose returns a column of highest score among scores (with [Invalid] for
// full columns) by the tie-break rule, and that score. It fails when every
// column is full.
func (t TieBreak) Choose(scores [board.Width]board.Score) (int, board.Score, error) {
	best, cols := board.BestColumns(scores) // left to right
	switch {
	case len(cols) == 0:
		return -1, 0, ErrNoMove
	case t.kind == tieRandom && t.rng != nil:
		return cols[t.rng.IntN(len(cols))], best, nil
	case t.kind == tieCentre:
		for _, col := range centreOrder {
			if scores[col] == best {
				return col, best, nil
			}
		}
	}
	return cols[0], best, nil
}
