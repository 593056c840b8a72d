package board

import "fmt"

// This file gives the packages beyond the board (the solver, the batched
// boards, the inspector) what they need of the generated tables that are
// arrays, as functions: a caller reads them and cannot change them. The
// generated masks, the threat kernel (WinningCellsOf, HasFour, FourCellsOf)
// and the open-lines counters are exported from the generated files
// themselves. A word is a set of cells in the bit layout of the package doc.

// ColumnMask is the set of playable cells of column col (0-based, below
// [Width]).
func ColumnMask(col int) Bits { return columnMask[col] }

// ColumnMaskOf is the set of playable cells of the column of the cell whose
// single bit is cell.
func ColumnMaskOf(cell Bits) Bits { return columnMask[ColumnOf(cell)] }

// LegalOf is the set of cells where a stone can be played on a board whose
// stones are occupied: one per column that is not full.
func LegalOf(occupied Bits) Bits {
	// The carry of occupied+bottom stops in each column's lowest empty cell.
	return occupied.Add(BottomMask).And(BoardMask)
}

// LinesThrough is the number of lines of four through the cell whose single
// bit is cell.
func LinesThrough(cell Bits) int { return len(linesThrough[cell.TrailingZeros()]) }

// PriorityClass is the index of the centre-priority class of the cell whose
// single bit is cell: 0 for the cells with the most lines of four through
// them, then fewer and fewer.
func PriorityClass(cell Bits) int {
	for c, class := range priorityClass {
		if !class.And(cell).IsZero() {
			return c
		}
	}
	return len(priorityClass)
}

// HasCell reports whether x holds the cell in column col and row row, both
// 0-based and on the board.
func (x Bits) HasCell(col, row int) bool { return !x.And(Cell(col, row)).IsZero() }

// Hex is x as a number in hexadecimal, cell (col, row) its bit
// col×ColumnBits+row on every board (see [Bits.Packed]): 16 digits on a
// board of one word (0x0000fdfbf7efdfbf, every cell of 7×6), 32 on a board
// of two.
func (x Bits) Hex() string {
	lo, hi := x.Packed()
	if Words == 1 {
		return fmt.Sprintf("0x%016x", lo)
	}
	return fmt.Sprintf("0x%016x%016x", hi, lo)
}
