package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/internal/posfile"
)

// solveHelp is c4 help solve.
var solveHelp = fmt.Sprintf(`Solve prints the exact score of each position, in the format of the
established command-line solvers (Pascal Pons's c4solver): "MOVES SCORE",
one line per position. A score is from the side to move's view: a win
whose winning stone is the n-th on the board scores 1+(%d-n)/2, rounded
down (%s),
a draw 0, a loss the negation of the opponent's win.

It takes c4solver's flags too: -w (weak), -a (analyze: "MOVES S1 ... S%d",
as c4 analyze prints it) and -b FILE (another book, but in fourgen's
format: c4solver's book files are refused), so a script that runs
"c4solver [-w] [-a] [-b FILE] < positions" works with "c4 solve" in its
place.

The positions are the MOVES arguments or, without any, the lines of stdin.
A line's move string is its first field: spaces and tabs before it are
skipped, and what follows the next space or tab is ignored, so a reference
file of "MOVES SCORE" lines can be fed back in. An empty line is the empty
board, as for c4solver; a line of blanks only is refused. "\r\n" endings
and a byte order mark are fine. Binary input (a NUL byte) or a line of
over 64 KiB stops the reading there, at once. Positions of up to
9 stones are answered at once from the embedded opening book (--no-book:
without it the empty board takes minutes); from 10 stones on the solver
searches, for up to seconds. --threads N searches with N threads sharing
the table (default: every core; positions of 24 stones or more use one).

A line that is no legal move string, or whose game is already won, is
reported on stderr as "line N: reason" ("argument N: reason" for an
argument); the other positions are still answered, and c4 then exits 1.
One solver answers every position and keeps its transposition table from
one to the next. While a position takes over a second and stderr is a
terminal, a line there shows the interval its score is known to lie in.
Interrupting (Ctrl-C) stops at once.

`, engine.Cells, winStones(), engine.Width) + boardHelp

// winStones says what a win with one's k-th stone scores on this board.
func winStones() string {
	if engine.Cells%2 == 0 {
		return fmt.Sprintf("%d-k for a win with one's k-th stone", engine.Cells/2+1)
	}
	return fmt.Sprintf("%d-k for the first player's k-th stone, %d-k for the second's", (engine.Cells+3)/2, (engine.Cells+1)/2)
}

// runSolve prints the score of each position given.
func runSolve(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	var weak bool
	fs.BoolVar(&weak, "weak", false, "print only the outcome: 1 win, 0 draw, -1 loss (faster)")
	fs.BoolVar(&weak, "w", false, "short for --weak")
	stats := fs.Bool("stats", false, "append the nodes searched and the microseconds taken: MOVES SCORE NODES MICROS")
	solving := addSolverFlags(fs, allCores())
	solving.book.addShortBookFlag(fs)
	analyze := fs.Bool("a", false, "analyze: print the score of every column, as c4 analyze does (c4solver's -a)")
	board := addBoardFlag(fs)
	positions, err := parseArgs(fs, args, stdout)
	if err != nil {
		return err
	}
	if positions, err = board.positions("solve", positions, stdin); err != nil {
		return err
	}
	s, err := solving.solver("solve")
	if err != nil {
		return err
	}
	if *analyze {
		return posfile.Answer(ctx, positions, stdin, stderr, analyzeAnswer(ctx, s, weak, *stats, stdout, stderr))
	}
	solve := s.Solve
	if weak {
		solve = s.SolveWeak
	}
	return posfile.Answer(ctx, positions, stdin, stderr, answerEach(ctx, s, *stats, stdout, stderr, func(ctx context.Context, p engine.Position) ([]engine.Score, error) {
		v, err := solve(ctx, p)
		return []engine.Score{v}, err
	}))
}
