package answer_test

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/openingbook"
	"github.com/fourgen/fourgen/internal/answer"
)

func ExampleDescribe() {
	p, err := answer.Parse("4453")
	if err != nil {
		panic(err)
	}
	j, _ := json.Marshal(answer.Describe("4453", p))
	fmt.Println(string(j))
	// Output:
	// {"pos":"4453","moves":4,"width":7,"height":6,"inARow":4,"toMove":1,"status":"playing","board":[[],[],[2],[1,2],[1],[],[]],"fours":[],"legalColumns":[1,2,3,4,5,6,7],"columns":[4,4,5,3]}
}

func ExampleAnalysis_Solve() {
	p, _ := answer.Parse("4453")
	a, done := answer.NewAnalysis("4453", p)
	if !done {
		sv, err := engine.NewSolver(16)
		if err != nil {
			panic(err)
		}
		book, err := openingbook.Book() // 7×6: every position of at most 11 stones
		if err != nil {
			panic(err)
		}
		sv.SetBook(book)
		if err := a.Solve(context.Background(), sv, p); err != nil {
			panic(err)
		}
	}
	fmt.Println(a.Scores, a.Best, a.Outcome, *a.Winner)
	// Output:
	// [-5 -5 -2 -3 -4 -2 -2] [3 6 7] -1 2
}

func ExampleErrorOf() {
	_, err := answer.Parse("44444444")
	j, _ := json.Marshal(answer.ErrorOf(err))
	fmt.Println(string(j))
	// Output:
	// {"error":"bad position: move 7 (4): column 4 is full","validMoves":6}
}
