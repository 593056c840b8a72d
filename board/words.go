package board

// This file gives the packages beyond the board (the solver, the batched
// boards, the inspector) what they need of the generated tables that are
// arrays, as functions: a caller reads them and cannot change them. The
// generated masks, the threat kernel (WinningCellsOf, HasFour, FourCellsOf)
// and the open-lines counters are exported from the generated files
// themselves. A word is a set of cells in the bit layout of the package doc.

import "math/bits"

// ColumnMask is the set of playable cells of column col (0-based, below
// [Width]).
func ColumnMask(col int) uint64 { return columnMask[col] }

// ColumnMaskOf is the set of playable cells of the column of the cell whose
// single bit is cell.
func ColumnMaskOf(cell uint64) uint64 { return columnMask[bits.TrailingZeros64(cell)/ColumnBits] }

// LegalOf is the set of cells where a stone can be played on a board whose
// stones are occupied: one per column that is not full.
func LegalOf(occupied uint64) uint64 {
	// The carry of occupied+bottom stops in each column's lowest empty cell.
	return (occupied + BottomMask) & BoardMask
}

// LinesThrough is the number of lines of four through the cell whose single
// bit is cell.
func LinesThrough(cell uint64) int { return len(linesThrough[bits.TrailingZeros64(cell)]) }

// PriorityClass is the index of the centre-priority class of the cell whose
// single bit is cell: 0 for the cells with the most lines of four through
// them, then fewer and fewer.
func PriorityClass(cell uint64) int {
	for c, class := range priorityClass {
		if class&cell != 0 {
			return c
		}
	}
	return len(priorityClass)
}
