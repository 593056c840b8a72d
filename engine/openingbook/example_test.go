package openingbook_test

import (
	"context"
	"fmt"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/openingbook"
)

// The empty board is a first-player win with its 21st and last stone
// (score 1); with the book the solver searches only down to 8 stones.
func ExampleBook() {
	b, err := openingbook.Book()
	if err != nil {
		fmt.Println(err)
		return
	}
	s := engine.NewSolver(16)
	s.SetBook(b)
	score, err := s.Solve(context.Background(), engine.Position{})
	fmt.Println(score, err, s.Stats().BookMisses)
	// Output: +1 <nil> 0
}
