package engine

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
	return beta == alpha+1 && (winScore(n+attackPlies+1) <= alpha || -winScore(n+defendPlies+1) >= beta)
}

// staticBound settles p, whose side to move cannot win at once and has the
// non-losing moves moves (two or more), when its null window (alpha,
// beta), clipped to what is possible (see negamax), asks only whether the
// side to move wins within attackPlies plies or the opponent within
// defendPlies (settledStatically): it returns a fail-soft bound.
func staticBound(p Position, moves uint64, alpha, beta int) int {
	if winWithin(p, moves, 3) {
		return winScore(p.moves + 2)
	}
	switch {
	case winScore(p.moves+4) <= alpha: // only a win in three reaches beta
		return winScore(p.moves + 4)
	case winScore(p.moves+6) <= alpha: // only a win within five
		if winWithin(p, moves, 5) {
			return winScore(p.moves + 4)
		}
		return winScore(p.moves + 6)
	case -winScore(p.moves+5) >= beta: // only a loss within four falls to alpha
		if survives(p, moves, 4) {
			return -winScore(p.moves + 5)
		}
		return -winScore(p.moves + 3)
	}
	if survives(p, moves, 6) { // only a loss within six falls to alpha
		return -winScore(p.moves + 7)
	}
	return -winScore(p.moves + 5)
}

// winWithin reports whether the side to move of p, which cannot win at
// once and whose non-losing moves are moves, wins by force with its stone
// k plies on (k is 3 or 5), whatever the opponent does.
func winWithin(p Position, moves uint64, k int) bool {
	opp := p.current ^ p.mask
	for ; moves != 0; moves &= moves - 1 {
		move := moves & -moves
		mask := p.mask | move
		own := p.current | move
		ownWins := winningCells(own, mask)
		replies := (mask + bottomMask) & boardMask
		if k == 3 {
			if winsInThree(ownWins, replies) {
				return true
			}
			continue
		}
		// A win in five: every reply that does not lose at once leaves a
		// win in three.
		replies = nonLosingMoves(replies, ownWins)
		wins := true
		for ; replies != 0 && wins; replies &= replies - 1 {
			after := mask | replies&-replies
			ours := nonLosingMoves((after+bottomMask)&boardMask, winningCells(opp|replies&-replies, after))
			wins = ours != 0 && winWithin(Position{current: own, mask: after, moves: p.moves + 2}, ours, 3)
		}
		if wins {
			return true
		}
	}
	return false
}

// survives reports whether the side to move of p, whose non-losing moves
// are moves, has one after which the opponent cannot win within k plies
// (k is 4 or 6), counted from p.
func survives(p Position, moves uint64, k int) bool {
	for ; moves != 0; moves &= moves - 1 {
		move := moves & -moves
		child := p
		child.PlayMove(move)
		replies := nonLosingMoves(child.Legal(), winningCells(p.current|move, child.mask))
		if replies == 0 || !winWithin(child, replies, 3) && (k == 4 || !winWithin(child, replies, 5)) {
			return true
		}
	}
	return false
}
