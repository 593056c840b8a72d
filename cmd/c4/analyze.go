package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/internal/posfile"
	"github.com/fourgen/fourgen/internal/progress"
)

// analyzeHelp is c4 help analyze.
var analyzeHelp = fmt.Sprintf(`Analyze prints the score of playing each column of each position, in the
format of the established command-line solvers (c4solver -a; c4 solve -a
is the same command):
"MOVES S1 S2 ... S%d", one line per position, each score from the
side to move's view (what it gets by playing that column), and -1000 for a
full column.

Positions are read as by c4 solve: the MOVES arguments or, without any,
the first field of each line of stdin. Refused lines are reported on stderr
as "line N: reason", the others still answered, and c4 then exits 1.
The embedded opening book holds the scores of positions of 9 stones, so a
position of up to 8 stones, whose children have at most 9, is analysed at
once; one of 9 stones needs each child of 10 stones searched, which can
take a second or two. --no-book turns the book off, --threads N searches
with N threads (default: every core; positions of 24 stones or more use
one), and a long analysis shows its progress on a terminal.

`, engine.Width) + boardHelp

// runAnalyze prints the score of every column of each position given.
func runAnalyze(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("analyze", flag.ContinueOnError)
	var weak bool
	fs.BoolVar(&weak, "weak", false, "print only each column's outcome: 1 win, 0 draw, -1 loss (faster)")
	fs.BoolVar(&weak, "w", false, "short for --weak")
	stats := fs.Bool("stats", false, "append the nodes searched and the microseconds taken, over all columns")
	solving := addSolverFlags(fs, allCores())
	solving.book.addShortBookFlag(fs)
	board := addBoardFlag(fs)
	positions, err := parseArgs(fs, args, stdout)
	if err != nil {
		return err
	}
	if positions, err = board.positions("analyze", positions, stdin); err != nil {
		return err
	}
	s, err := solving.solver("analyze")
	if err != nil {
		return err
	}
	return posfile.Answer(ctx, positions, stdin, stderr, analyzeAnswer(ctx, s, weak, *stats, stdout, stderr))
}

// analyzeAnswer returns what answers each input of c4 analyze (and of
// c4 solve -a): the score of every column of its position, printed as
// "MOVES S1 ... S7" (with NODES MICROS for stats).
func analyzeAnswer(ctx context.Context, s *engine.Solver, weak, stats bool, stdout, stderr io.Writer) func(posfile.Input) error {
	analyze := s.Analyze
	if weak {
		analyze = s.AnalyzeWeak
	}
	return answerEach(ctx, s, stats, stdout, stderr, func(ctx context.Context, p engine.Position) ([]engine.Score, error) {
		scores, err := analyze(ctx, p)
		return scores[:], err
	})
}

// answerEach returns what answers each input with the scores solve gives
// its position, printed as "MOVES S1 ..." (with NODES MICROS, the solver's
// work over all of them, for stats), the solve's progress shown on stderr.
func answerEach(ctx context.Context, s *engine.Solver, stats bool, stdout, stderr io.Writer, solve func(context.Context, engine.Position) ([]engine.Score, error)) func(posfile.Input) error {
	shown := progress.ShowSolve(s, stderr)
	return func(in posfile.Input) error {
		shown.Start(in.Moves)
		scores, err := solve(ctx, in.Pos)
		st := s.Stats()
		shown.Clear()
		if err != nil {
			return in.Failed(err)
		}
		if stats {
			_, err = fmt.Fprintf(stdout, "%s %s %d %d\n", in.Moves, posfile.FormatScores(scores), st.Nodes, st.Elapsed.Microseconds())
		} else {
			_, err = fmt.Fprintf(stdout, "%s %s\n", in.Moves, posfile.FormatScores(scores))
		}
		return err
	}
}
