package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/posfile"
)

// solveHelp is c4 help solve.
var solveHelp = helpText("solve")

// winStones says what a win with one's k-th stone scores on this board.
func winStones() string {
	if board.Cells%2 == 0 {
		return fmt.Sprintf("%d-k for a win with one's k-th stone", board.Cells/2+1)
	}
	return fmt.Sprintf("%d-k for the first player's k-th stone, %d-k for the second's", (board.Cells+3)/2, (board.Cells+1)/2)
}

// runSolve prints the score of each position given.
func runSolve(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	var weak bool
	addWeakFlag(fs, &weak, "print only the outcome: 1 win, 0 draw, -1 loss (faster)")
	stats := fs.Bool("stats", false, "append the nodes searched and the microseconds taken: MOVES SCORE NODES MICROS")
	solving := addSolverFlags(fs, allCores())
	solving.book.addShortBookFlag(fs)
	analyze := fs.Bool("a", false, "analyze: print the score of every column, as c4 analyze does (c4solver's -a)")
	boardArg := addBoardFlag(fs)
	positions, err := boardArg.positions("solve", fs, args, stdin, stdout)
	if err != nil {
		return err
	}
	s, err := solving.solver("solve")
	if err != nil {
		return err
	}
	if *analyze {
		return posfile.Answer(ctx, positions, stdin, stderr, boardArg.zeroBased, analyzeAnswer(ctx, s, weak, *stats, stdout, stderr))
	}
	solve := s.Solve
	if weak {
		solve = s.SolveWeak
	}
	return posfile.Answer(ctx, positions, stdin, stderr, boardArg.zeroBased, answerEach(ctx, s, *stats, "solve", weak, stdout, stderr, func(ctx context.Context, p board.Position) ([]board.Score, error) {
		v, err := solve(ctx, p)
		return []board.Score{v}, err
	}))
}
