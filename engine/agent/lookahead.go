package agent

import (
	"context"

	"github.com/fourgen/fourgen/engine/board"
)

// lookaheadPlies is the depth of the level agents' search on positions
// the exact solver would take too long on.
const lookaheadPlies = 10

// The lookahead's values, from the side to move's view. A win is worth
// winValue less the stones on the board when it is made, so that a sooner
// win is better; every heuristic value lies well inside ±winValue, and
// every value well above [board.Invalid].
const (
	winValue    = 500
	threatValue = 8 // per empty cell where a side would make four
)

// centreMask holds the cells of the middle column, and innerMask those of
// the columns beside it: stones there take part in the most lines of four.
var (
	centreMask = board.ColumnMask(board.Width / 2)
	innerMask  = board.ColumnMask(board.Width/2 - 1).Or(board.ColumnMask(board.Width/2 + 1))
)

// lookahead scores each column of p by a depth-limited alpha-beta search
// of plies plies (the move included), with [board.Invalid] for a full
// column. Columns scoring below the best may be given an upper bound of
// their value instead of the value itself; the best ones get theirs.
func lookahead(ctx context.Context, p board.Position, plies int) ([board.Width]board.Score, error) {
	var scores [board.Width]board.Score
	s := &search{ctx: ctx}
	best := -winValue - 1
	for _, col := range board.CentreOrder() {
		if !p.CanPlay(col) {
			scores[col] = board.Invalid
			continue
		}
		v := winValue - p.Moves()
		if !p.IsWinningMove(col) {
			child := p
			child.Play(col)
			// A window just below the best so far: ties get exact values.
			v = -s.negamax(child, plies-1, -winValue-1, -(best - 1))
		}
		if s.err != nil {
			return scores, s.err
		}
		scores[col] = board.Score(v)
		best = max(best, v)
	}
	return scores, nil
}

// search is the state of one lookahead.
type search struct {
	ctx   context.Context
	nodes uint64
	err   error // ctx's error once it is cancelled
}

// negamax returns the value of p, a position that is not won, searched
// depth plies deep, as a fail-hard alpha-beta search within (alpha, beta).
func (s *search) negamax(p board.Position, depth, alpha, beta int) int {
	// 1. Poll the context now and then.
	if s.nodes++; s.nodes%4096 == 0 && s.err == nil {
		s.err = s.ctx.Err()
	}
	if s.err != nil {
		return 0
	}
	// 2. A win now, a full board.
	if p.CanWinNow() {
		return winValue - p.Moves()
	}
	if p.IsFull() {
		return 0
	}
	// 3. The moves that do not lose at once.
	moves := p.NonLosingMoves()
	if moves.IsZero() {
		return -(winValue - p.Moves() - 1) // the opponent wins with the next stone
	}
	// 4. The horizon.
	if depth <= 0 {
		return evaluate(p)
	}
	// 5. The moves, from the middle outwards.
	for _, col := range board.CentreOrder() {
		if moves.And(board.ColumnMask(col)).IsZero() {
			continue
		}
		child := p
		child.Play(col)
		v := -s.negamax(child, depth-1, -beta, -alpha)
		if v >= beta {
			return beta
		}
		alpha = max(alpha, v)
	}
	return alpha
}

// evaluate is the heuristic value of p for the side to move: the cells
// where each side would make four, then stones in the middle columns.
func evaluate(p board.Position) int {
	own, opp := p.WinningCells(), p.OpponentWinningCells()
	v := threatValue * (own.OnesCount() - opp.OnesCount())
	cur, other := p.Current(), p.Opponent()
	v += 2 * (cur.And(centreMask).OnesCount() - other.And(centreMask).OnesCount())
	v += cur.And(innerMask).OnesCount() - other.And(innerMask).OnesCount()
	return v
}
