package engine_test

import (
	"fmt"

	"github.com/fourgen/fourgen/engine"
)

func ExampleParse() {
	p, err := engine.Parse("4453")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Moves(), "stones, player", p.ToMove(), "to move")

	// Errors name the offending move, counted from 1.
	_, err = engine.Parse("44444444")
	fmt.Println(err)
	_, err = engine.Parse("4x")
	fmt.Println(err)
	// Output:
	// 4 stones, player 1 to move
	// move 7 (4): column 4 is full
	// move 2 ('x'): not a column (want 1 to 7)
}

func ExamplePosition_Play() {
	var p engine.Position
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
	p, _ := engine.Parse("4453")
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
