package engine

import (
	"github.com/fourgen/fourgen/engine/board"
)

// This file is the odd threat: the rule by which, on a board of even
// height, the first player wins a game that comes down to zugzwang.

// oddThreatLoses reports whether the side to move loses by an odd threat of
// the opponent, with stones own, empty cells empty, legal moves legal and
// the opponent's winning cells oppWins (its threats).
//
// It applies when an odd number of columns hold an odd number of stones
// (their next cell lies on an even row, counted from 1 at the bottom), the
// second player to move, and the opponent has a threat on an odd row of one
// of them, c. The opponent answers each move on top of it, and a move in
// another odd column in the odd column paired with it (as in
// claimevenBound): it takes the even-row cells outside c and the odd-row
// cells of c, and the side to move the rest, with one cell of each pair of
// its choice. If those can never give the side to move four, it loses: it
// cannot win, the other columns fill in pairs, and it must at last play in
// c, where the cell below the threat falls to it (c cannot fill to its top
// first: its odd rows are the opponent's, the threat among them). On a
// board of odd height there is no such rule.
func oddThreatLoses(own, empty, legal, oppWins board.Bits) bool {
	odd := legal.And(board.EvenRowsMask) // the next cells of the odd columns
	// Rows 1 and 3 above an even row: the odd rows of the odd columns.
	threats := oppWins.And(odd.Up(1).Or(odd.Up(3))).And(board.OddRowsMask)
	if board.Height%2 != 0 || threats.IsZero() {
		return false
	}
	return oddThreatHolds(own, empty, odd, threats, oppWins)
}

// oddThreatHolds is oddThreatLoses once the opponent has threats on odd rows
// of the odd columns (threats, among all its threats oppWins), odd being the
// odd columns' next cells: whether, for one of those threats, the cells the
// side to move gets never give it four.
func oddThreatHolds(own, empty, odd, threats, oppWins board.Bits) bool {
	evens := oppWins.And(board.EvenRowsMask).AndNot(odd)
	for !threats.IsZero() {
		t := threats.Lowest()
		next := odd.And(t.Down(1).Or(t.Down(3))) // the next cell of the threat's column, c
		theirs := next.Up(1).Or(next.Up(3)).And(board.OddRowsMask)
		threats = threats.AndNot(theirs) // one look a column
		// Below the threat, c's even rows; above it, nothing: the game ends
		// when the opponent takes it. (t.Below() less next.Below() is
		// next up to the cell below t.)
		mine := own.Or(empty.And(board.OddRowsMask).AndNot(theirs)).Or(t.Below().AndNot(next.Below()).And(board.EvenRowsMask))
		// Outside c the opponent takes the even rows, its threats there
		// among them (a pair's cell aside): the cells above them never
		// come into play either.
		if te := evens.AndNot(evenCellsFrom(next)); !te.IsZero() {
			mine = mine.AndNot(evenThreatCut(te))
		}
		if board.HasFour(mine) {
			continue // the common case: decided by one look
		}
		rest := odd.AndNot(next)
		if rest.IsZero() || !board.HasFour(mine.Or(rest)) {
			return true // no pair, or every cell of the pairs gives no four
		}
		if n := rest.OnesCount(); n <= 4 && !pairedFour(mine, rest) {
			return true
		}
	}
	return false
}

// pairedFour reports whether stones s, with one cell of each pair of the
// cells pair (two, or four paired in one of the three ways) chosen freely,
// can hold four whichever way the cells are paired: false when some
// pairing leaves no choice that gives four.
func pairedFour(s, pair board.Bits) bool {
	c, n := pairCellsOf(pair)
	for _, p := range pairings[:n-1] {
		if !claimevenChoice(s, &c, &p, n, true) {
			return false
		}
	}
	return true
}
