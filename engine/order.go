package engine

import "math/bits"

// This file holds the move list of one search node: the non-losing moves,
// the statically detected quick wins, and the ordering. Everything here is
// allocation-free and runs at every node.

// centreOrder lists the columns from the centre outwards: the order in which
// equally promising moves are tried.
var centreOrder = func() (order [Width]int) {
	for i := range order {
		order[i] = Width/2 + (1-2*(i&1))*(i+1)/2
	}
	return order
}()

// moveList is the moves of a node, best first.
type moveList struct {
	move  [Width]uint64 // single-bit moves
	score [Width]int    // ordering score, higher first
	n     int
}

// add inserts a move by score, after the moves already present with the
// same score, so that insertion order breaks ties.
func (l *moveList) add(move uint64, score int) {
	i := l.n
	for ; i > 0 && l.score[i-1] < score; i-- {
		l.move[i], l.score[i] = l.move[i-1], l.score[i-1]
	}
	l.move[i], l.score[i] = move, score
	l.n++
}

// nonLosingMoves is the set of moves of the side to move after which the
// opponent cannot win at once, given the cells where the opponent would
// make four. A playable opponent threat must be blocked; two playable
// threats, or none left after filtering, leave the empty set.
func nonLosingMoves(legal, oppWins uint64) uint64 {
	if forced := legal & oppWins; forced != 0 {
		if forced&(forced-1) != 0 {
			return 0 // two threats: the opponent wins next move
		}
		legal = forced
	}
	return legal &^ (oppWins >> 1) // never play just below an opponent's threat
}

// winsInThree reports whether, after the side to move plays a move leaving
// its threats at ownWins and the opponent's legal moves at oppLegal, every
// reply loses to an immediate four: two playable threats, a playable threat
// with another on top of it, or a board where every reply opens a threat.
func winsInThree(ownWins, oppLegal uint64) bool {
	playable := ownWins & oppLegal
	switch bits.OnesCount64(playable) {
	case 0:
		// Every reply must sit just below one of our threats.
		return oppLegal != 0 && (oppLegal<<1)&^ownWins == 0
	case 1:
		return (playable<<1)&ownWins != 0 // the block opens the threat above
	}
	return true
}

// column is the 0-based column of a single-bit move.
func column(move uint64) int { return bits.TrailingZeros64(move) / columnBits }
