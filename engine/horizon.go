package engine

import "github.com/fourgen/fourgen/engine/board"

// This file settles, without the table, the nodes of a null-window search
// that lie near the horizon their window sets: where only a win within a
// few plies reaches beta, or only a loss within a few plies falls to alpha.
// Most of an exact score's probes ask how fast a game is won, and most of
// their nodes lie there; a short static search answers them for less than
// a table probe costs, and they never take a table entry.

// attackPlies is the most plies within which staticBound looks for a win
// of the side to move, and defendPlies for a win of the opponent's.
// Measured against 3 and 4 and against 7 and 6 or 8 (see docs/speed.md).
const (
	attackPlies = 5
	defendPlies = 6
)

// settledStatically reports whether staticBound settles a node of n
// stones, not forced, searched with the null window (alpha, beta) clipped
// as negamax clips it at entry: its parent need not prefetch its table
// bucket or look it up. (Near the end of the board a bound it promises
// could pass zero, but the clip at entry leaves no such window: the
// question asked is then always the win in three, or its absence.)
func settledStatically(n, alpha, beta int) bool {
	return beta == alpha+1 && (board.WinScore(n+attackPlies+1) <= alpha || -board.WinScore(n+defendPlies+1) >= beta)
}

// staticBound settles p, whose side to move cannot win at once and has the
// non-losing moves moves (two or more), when its null window (alpha,
// beta), clipped to what is possible (see negamax), asks only whether the
// side to move wins within attackPlies plies or the opponent within
// defendPlies (settledStatically): it returns a fail-soft bound.
func staticBound(p board.Position, moves board.Bits, alpha, beta int) int {
	var c staticMoves
	if c.fill(p, moves) {
		return board.WinScore(p.Moves() + 2)
	}
	switch {
	case board.WinScore(p.Moves()+4) <= alpha: // only a win in three reaches beta
		return board.WinScore(p.Moves() + 4)
	case board.WinScore(p.Moves()+6) <= alpha: // only a win within five
		if c.winInFive(p) {
			return board.WinScore(p.Moves() + 4)
		}
		return board.WinScore(p.Moves() + 6)
	case -board.WinScore(p.Moves()+5) >= beta: // only a loss within four falls to alpha
		if c.survives(p, 4) {
			return -board.WinScore(p.Moves() + 5)
		}
		return -board.WinScore(p.Moves() + 3)
	}
	if c.survives(p, 6) { // only a loss within six falls to alpha
		return -board.WinScore(p.Moves() + 7)
	}
	return -board.WinScore(p.Moves() + 5)
}

// staticMoves is the non-losing moves of a position staticBound looks at,
// each with its mover's threats after it, computed once for every look.
type staticMoves struct {
	move, wins [board.Width]board.Bits
	n          int
}

// fill sets c to the moves moves of p and reports whether one of them
// wins in three (see [repliesAllLose]); the side to move must not be able to
// win at once.
//
// fill, anyWinsInThree and winInFive are kept out of line: the
// profile-guided build inlines the threat kernel only at a hot call in the
// function being compiled, so each of them, inlined into its caller, would
// call the kernel there instead (3.4 calls a node; calls cost most in
// WebAssembly: docs/speed.md).
//
//go:noinline
func (c *staticMoves) fill(p board.Position, moves board.Bits) (anyWins bool) {
	c.n = 0
	for ; !moves.IsZero(); moves = moves.ClearLowest() {
		move := moves.Lowest()
		mask := p.Occupied().Or(move)
		wins := board.WinningCellsOf(p.Current().Or(move), mask)
		anyWins = anyWins || repliesAllLose(wins, board.LegalOf(mask))
		c.move[c.n], c.wins[c.n] = move, wins
		c.n++
	}
	return anyWins
}

// anyWinsInThree reports whether one of the moves moves of p wins in three,
// as fill does, but stops at the first. (Its loop repeats fill's rather
// than call a shared helper: the compiler inlines neither, and the call
// measured 2.7% more instructions over positions/n12.)
//
//go:noinline
func anyWinsInThree(p board.Position, moves board.Bits) bool {
	for ; !moves.IsZero(); moves = moves.ClearLowest() {
		move := moves.Lowest()
		mask := p.Occupied().Or(move)
		if repliesAllLose(board.WinningCellsOf(p.Current().Or(move), mask), board.LegalOf(mask)) {
			return true
		}
	}
	return false
}

// winInFive reports whether one of c's moves of p wins by force with the
// side to move's stone five plies on: every reply that does not lose at
// once leaves a win in three.
//
//go:noinline
func (c *staticMoves) winInFive(p board.Position) bool {
	opp := p.Opponent()
	for i := range c.n {
		mask, own := p.Occupied().Or(c.move[i]), p.Current().Or(c.move[i])
		replies := board.NonLosingMovesOf(board.LegalOf(mask), c.wins[i])
		wins := true
		for ; !replies.IsZero() && wins; replies = replies.ClearLowest() {
			after := mask.Or(replies.Lowest())
			ours := board.NonLosingMovesOf(board.LegalOf(after), board.WinningCellsOf(opp.Or(replies.Lowest()), after))
			wins = !ours.IsZero() && anyWinsInThree(board.FromWords(own, after, p.Moves()+2), ours)
		}
		if wins {
			return true
		}
	}
	return false
}

// survives reports whether one of c's moves of p leaves the opponent no
// win within k plies of p (k is 4 or 6): no win in three, and for 6 none
// in five.
func (c *staticMoves) survives(p board.Position, k int) bool {
	for i := range c.n {
		child := p
		child.PlayMove(c.move[i])
		replies := board.NonLosingMovesOf(child.Legal(), c.wins[i])
		if replies.IsZero() {
			return true
		}
		if k == 4 {
			if !anyWinsInThree(child, replies) {
				return true
			}
			continue
		}
		var cc staticMoves
		if !cc.fill(child, replies) && !cc.winInFive(child) {
			return true
		}
	}
	return false
}
