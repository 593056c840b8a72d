package board_test

import (
	"errors"
	"fmt"

	"github.com/fourgen/fourgen/engine/board"
)

// A board given as text (or as Kaggle's cells, board.FromBoard) becomes a
// game whose move string reaches it; impossible boards are refused with
// the reason. The board does not say in which order the stones came: the
// move string found reaches the same position by another order.
func ExampleParseGrid() {
	p, _ := board.Parse("4453")
	g, err := board.ParseGrid(p.String())
	fmt.Println(g, err, g.Position() == p)

	_, err = board.ParseGrid("x\n.\n.\n.\n.\n.\n")
	fmt.Println(err)
	// Output:
	// 4354 <nil> true
	// bad board: grid row 1 from the top: want 7 cells, got 1
}

// ExampleBoardError shows why a board was refused: a stone that floats is
// named by its cell.
func ExampleBoardError() {
	cells := make([]int, board.Cells)
	cells[0] = 1 // the top row's first cell, over an empty column
	_, err := board.FromBoard(cells)
	var bad *board.BoardError
	if errors.As(err, &bad) {
		fmt.Println(bad.Col, bad.Row, err)
	}
	// Output:
	// 1 6 bad board: cell c1r6 (column 1, row 6 from the bottom): the stone floats: the cell below it (row 5) is empty
}

// Move strings come in two notations: a digit a move ("4453"), for boards
// of up to nine columns, and column numbers separated by commas
// ("4,4,5,3"), for boards of any width. ParseAs says which one it read, so
// that moves added to the game are written as the player wrote them; with
// zeroBased it reads columns counted from 0, as the C++ solvers' test files
// and BitBully write them.
func ExampleParseAs() {
	p, n, _ := board.ParseAs("4,4,5,3", false)
	q, _ := board.Parse("4453")
	fmt.Println(p == q, n)
	fmt.Println(n.Append("4,4,5,3", 3))

	z, n, _ := board.ParseAs("3342", true)
	fmt.Println(z == q, n, n.Append("3342", 3))

	_, _, err := board.ParseAs("4,,5", false)
	fmt.Println(err)
	// Output:
	// true 1-based column numbers separated by commas
	// 4,4,5,3,4
	// true 0-based digits 33423
	// move 2 (""): no column between two commas, or before the first or after the last (want 1 to 7)
}

// ColumnChar and ColumnOfChar name a column by one character of a move
// string of a digit a move, the first column '1'.
func ExampleColumnChar() {
	c := board.ColumnChar(3)
	col, ok := board.ColumnOfChar(c)
	fmt.Printf("%c %d %v\n", c, col, ok)
	// Output: 4 3 true
}
