package batch

import "github.com/fourgen/fourgen/engine/board"

// Whole-word operations on one board, shared by the portable loops. Each is
// branch-free: a condition becomes a 0/1 or all-zeros/all-ones word. The
// threat kernel itself (the cells that make four, whether stones hold four)
// is the engine's generated one: board.WinningCellsOf and
// board.FourCellsOf here, board.WinningCellsX4 and board.FourCellsX4 in
// the AVX2 kernels.

// bottomColumn is the playable cells of the first column; shifted by
// col*ColumnBits it is the column col.
var bottomColumn = board.ColumnMask(0).Word(0)

// The engine's functions on one word: batch keeps each board in one word,
// so it plays only boards of one (see [New]); these inline to the
// engine's code on its uint64.
func bitsOf(w uint64) board.Bits  { return board.BitsFromWords(w, 0) }
func legalOf(occ uint64) uint64   { return board.LegalOf(bitsOf(occ)).Word(0) }
func fourCellsOf(s uint64) uint64 { return board.FourCellsOf(bitsOf(s)).Word(0) }
func winningCellsOf(s, occ uint64) uint64 {
	return board.WinningCellsOf(bitsOf(s), bitsOf(occ)).Word(0)
}

// nonzero is 1 if x is not 0 and 0 otherwise.
func nonzero(x uint64) uint64 { return (x | -x) >> 63 }

// nonLosingWord is the set of playable cells of the side to move (stones
// cur, all stones occ) after which the opponent cannot make four at once:
// board.Position.NonLosingMoves without a branch.
func nonLosingWord(cur, occ uint64) uint64 {
	legal := legalOf(occ)
	threats := winningCellsOf(cur^occ, occ)
	forced := legal & threats
	sel := -nonzero(forced) // all ones when a threat must be blocked
	moves := forced&sel | legal&^sel
	// Two threats to block at once: every move loses.
	none := nonzero(forced&(forced-1)) - 1 // all ones unless two threats
	// Never play directly below an opponent's winning cell.
	return moves &^ (threats >> 1) & none
}
