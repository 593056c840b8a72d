package board_test

import (
	"fmt"

	"github.com/fourgen/fourgen/board"
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
