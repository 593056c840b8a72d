package engine_test

import (
	"context"
	"fmt"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/engine/openingbook"
)

func ExampleParse() {
	p, err := board.Parse("4453")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Moves(), "stones, player", p.ToMove(), "to move")

	// Errors name the offending move, counted from 1.
	_, err = board.Parse("44444444")
	fmt.Println(err)
	_, err = board.Parse("4x")
	fmt.Println(err)
	// Output:
	// 4 stones, player 1 to move
	// move 7 (4): column 4 is full
	// move 2 ('x'): not a column (want 1 to 7)
}

func ExamplePosition_Play() {
	var p board.Position
	for _, col := range []int{3, 3, 4, 4, 5, 5} { // columns 4, 4, 5, 5, 6, 6
		p.Play(col)
	}
	// Three in a row on the bottom: columns 3 and 7 both win.
	fmt.Println(p.CanWinNow(), p.IsWinningMove(2), p.IsWinningMove(6), p.IsWinningMove(0))
	p.Play(6)
	fmt.Println(p.IsWon())
	// Output:
	// true true true false
	// true
}

func ExamplePosition_String() {
	p, _ := board.Parse("4453")
	fmt.Print(p)
	// Output:
	//  . . . . . . .
	//  . . . . . . .
	//  . . . . . . .
	//  . . . . . . .
	//  . . . o . . .
	//  . . o x x . .
	//  1 2 3 4 5 6 7
}

// A solver from NewSolver has no opening book. The embedded book is in
// package openingbook; with it, the search stops at the book's
// stone count. Columns are 0-based: the best first move, the centre, is
// column 3, "4" in a move string.
func ExampleNewSolver() {
	book, err := openingbook.Book()
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := engine.NewSolver(16)
	if err != nil {
		fmt.Println(err)
		return
	}
	s.SetBook(book)
	col, score, err := s.BestMove(context.Background(), board.Position{}, engine.CentreFirst)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("column %d (move %q), score %v\n", col, board.MoveString([]int{col}), score)
	fmt.Println("searched beyond the book:", s.Stats().BookMisses > 0)
	// Output:
	// column 3 (move "4"), score +1
	// searched beyond the book: false
}

// PlayChecked takes a 0-based column, like Play; its errors name the column
// as a player would, 1-based, and say so.
func ExamplePosition_PlayChecked() {
	p, _ := board.Parse("444444")
	fmt.Println(p.PlayChecked(3))
	fmt.Println(p.PlayChecked(7))
	fmt.Println(p.PlayChecked(4), p.Height(4))
	// Output:
	// column 4 (1-based) is full
	// column 8 (1-based) is off the board (want 1 to 7)
	// <nil> 1
}

// Analyze scores every column of a position for the side to move. On the
// empty board, as James D. Allen and Victor Allis found in 1988, only the
// centre wins and the columns beside it draw.
func ExampleSolver_Analyze() {
	book, err := openingbook.Book()
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := engine.NewSolver(16)
	if err != nil {
		fmt.Println(err)
		return
	}
	s.SetBook(book)
	scores, err := s.Analyze(context.Background(), board.Position{})
	if err != nil {
		fmt.Println(err)
		return
	}
	best, cols := board.BestColumns(scores)
	fmt.Println(scores, best, board.MoveString(cols))
	// Output: [-2 -1 0 +1 0 -1 -2] +1 4
}

// A new solver searches with one thread; SetThreads gives it more, which
// share its table. The answers are the same.
func ExampleSolver_SetThreads() {
	book, err := openingbook.Book()
	if err != nil {
		fmt.Println(err)
		return
	}
	p, _ := board.Parse("4453")
	var scores []board.Score
	for _, threads := range []int{1, 2} {
		s, err := engine.NewSolver(16)
		if err != nil {
			fmt.Println(err)
			return
		}
		s.SetBook(book)
		if threads > 1 {
			s.SetThreads(threads)
		}
		score, err := s.Solve(context.Background(), p)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println("threads:", s.Threads())
		scores = append(scores, score)
	}
	fmt.Println("same score:", scores[0] == scores[1])
	// Output:
	// threads: 1
	// threads: 2
	// same score: true
}

// MinTableMiB is the smallest table of the board the package was built
// for: none on 7×6, whose keys of 49 bits fit an entry; 128 MiB on 10×6,
// whose keys have 70 (make c4 SIZE=10x6).
func ExampleMinTableMiB() {
	fmt.Println(engine.MinTableMiB, "MiB at least on", board.Width, "by", board.Height)
	// Output: 0 MiB at least on 7 by 6
}
