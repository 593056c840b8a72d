package engine_test

import (
	"fmt"

	"github.com/fourgen/fourgen/engine"
)

// A board given as text (or as Kaggle's cells, engine.FromBoard) becomes a
// game whose move string reaches it; impossible boards are refused with
// the reason. The board does not say in which order the stones came: the
// move string found reaches the same position by another order.
func ExampleParseGrid() {
	p, _ := engine.Parse("4453")
	g, err := engine.ParseGrid(p.String())
	fmt.Println(g, err, g.Position() == p)

	_, err = engine.ParseGrid("x\n.\n.\n.\n.\n.\n")
	fmt.Println(err)
	// Output:
	// 4354 <nil> true
	// bad board: grid row 1 from the top: want 7 cells, got 1
}
