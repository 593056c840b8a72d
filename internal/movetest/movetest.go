// Package movetest writes the tests' move strings as the board writes them,
// so that a fixture typed as 1-based digits ("4453") runs at every width: as
// it is on a board of up to nine columns, with commas on a wider one
// ("4,4,5,3"). It is for tests only.
package movetest

import "github.com/fourgen/fourgen/engine/board"

// Fixture writes digits, a move string of 1-based digits, in the board's
// usual notation ([board.Usual]). A string with a comma is returned as it is;
// a digit beyond the board's width, or any other character, stays a column
// off the board, which Parse refuses.
func Fixture(digits string) string {
	for i := range len(digits) {
		if digits[i] == ',' {
			return digits
		}
	}
	return board.MoveString(Columns(digits))
}

// Columns returns the 0-based columns of digits, a move string of 1-based
// digits, without checking them: a digit beyond the board's width, or any
// other character, is a column off the board.
func Columns(digits string) []int {
	cols := make([]int, len(digits))
	for i := range len(digits) {
		cols[i], _ = board.ColumnOfChar(digits[i]) // the column, even off a board this narrow
	}
	return cols
}
