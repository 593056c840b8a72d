package openingbook_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/engine/openingbook"
)

// A program gives its solver the embedded book when the book is of the
// engine's board, and runs without one on any other board. Here the side
// to move makes four in the bottom row at once, so the score is a win
// whatever the board. (TestBookSolvesEmptyBoard solves the empty 7×6
// board with the book.)
func ExampleBook() {
	s, err := engine.NewSolver(16)
	if err != nil {
		panic(err)
	}
	b, err := openingbook.Book()
	switch {
	case err == nil:
		s.SetBook(b)
	case !errors.Is(err, openingbook.ErrOtherSize):
		fmt.Println(err)
		return
	}
	p, err := board.Parse("112233")
	if err != nil {
		fmt.Println(err)
		return
	}
	score, err := s.Solve(context.Background(), p)
	fmt.Println(score > 0, err)
	// Output: true <nil>
}
