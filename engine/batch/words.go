package batch

import "github.com/fourgen/fourgen/engine"

// Whole-word operations on one board, shared by the portable loops. Each is
// branch-free: a condition becomes a 0/1 or all-zeros/all-ones word.

// Bit distances between neighbouring cells in each direction of a line.
const (
	stepVertical   = 1
	stepHorizontal = engine.ColumnBits
	stepDiagDown   = engine.ColumnBits - 1
	stepDiagUp     = engine.ColumnBits + 1
)

// bottomColumn is the playable cells of the first column; shifted by
// col*ColumnBits it is the column col.
var bottomColumn = engine.ColumnMask(0)

// nonzero is 1 if x is not 0 and 0 otherwise.
func nonzero(x uint64) uint64 { return (x | -x) >> 63 }

// legalWord is the set of playable cells of a board whose stones are occ.
func legalWord(occ uint64) uint64 {
	// The carry of occ+bottom stops in each column's lowest empty cell.
	return (occ + engine.BottomMask) & engine.BoardMask
}

// fourWord is non-zero if and only if stones s hold a line of four.
func fourWord(s uint64) uint64 {
	v := s & (s >> stepVertical) // a stone with its neighbour along the line
	h := s & (s >> stepHorizontal)
	d := s & (s >> stepDiagDown)
	u := s & (s >> stepDiagUp)
	// Two such pairs back to back make four.
	return v&(v>>(2*stepVertical)) | h&(h>>(2*stepHorizontal)) |
		d&(d>>(2*stepDiagDown)) | u&(u>>(2*stepDiagUp))
}

// gaps is the set of cells that would complete four with stones s along the
// direction whose cells are d bits apart, occupied or not.
func gaps(s uint64, d uint) uint64 {
	below := (s << d) & (s << (2 * d)) // two stones on the low side
	above := (s >> d) & (s >> (2 * d)) // two stones on the high side
	return below&(s<<(3*d)) | below&(s>>d) | above&(s<<d) | above&(s>>(3*d))
}

// winningWord is the set of empty cells where a stone added to s (stones
// resting on each other, all stones occ) makes four.
func winningWord(s, occ uint64) uint64 {
	w := (s << 1) & (s << 2) & (s << 3) // three stones directly below
	w |= gaps(s, stepHorizontal) | gaps(s, stepDiagDown) | gaps(s, stepDiagUp)
	return w & (engine.BoardMask ^ occ)
}

// nonLosingWord is the set of playable cells of the side to move (stones
// cur, all stones occ) after which the opponent cannot make four at once.
func nonLosingWord(cur, occ uint64) uint64 {
	legal := legalWord(occ)
	threats := winningWord(cur^occ, occ)
	forced := legal & threats
	sel := -nonzero(forced) // all ones when a threat must be blocked
	moves := forced&sel | legal&^sel
	// Two threats to block at once: every move loses.
	none := nonzero(forced&(forced-1)) - 1 // all ones unless two threats
	// Never play directly below an opponent's winning cell.
	return moves &^ (threats >> 1) & none
}
