package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/posfile"
)

const analyzeHelp = `Analyze prints the score of playing each column of each position, in the
format of the established command-line solvers (c4solver -a; c4 solve -a
is the same command):
"MOVES S1 S2 S3 S4 S5 S6 S7", one line per position, each score from the
side to move's view (what it gets by playing that column), and -1000 for a
full column.

Positions are read as by c4 solve: the MOVES arguments or, without any,
the first field of each line of stdin. Refused lines are reported on stderr
as "line N: reason", the others still answered, and c4 then exits 1.
The embedded opening book holds the scores of positions of 8 stones, so a
position of up to 7 stones, whose children have at most 8, is analysed at
once; one of 8 stones needs each child of 9 stones searched, which takes
seconds. --no-book turns the book off, --threads N searches with N threads,
and a long analysis shows its progress on a terminal.
`

// runAnalyze prints the score of every column of each position given.
func runAnalyze(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("analyze", flag.ContinueOnError)
	var weak bool
	fs.BoolVar(&weak, "weak", false, "print only each column's outcome: 1 win, 0 draw, -1 loss (faster)")
	fs.BoolVar(&weak, "w", false, "short for --weak")
	stats := fs.Bool("stats", false, "append the nodes searched and the microseconds taken, over all columns")
	tableMiB := tableFlag(fs)
	threads := threadsFlag(fs)
	book := addBookFlags(fs)
	book.addShortBookFlag(fs)
	positions, err := parseArgs(fs, args, stdout)
	if err != nil {
		return err
	}
	if err := checkTable("analyze", *tableMiB); err != nil {
		return err
	}
	if err := checkThreads("analyze", *threads); err != nil {
		return err
	}

	s, err := newSolver("analyze", *tableMiB, *threads, book)
	if err != nil {
		return err
	}
	return eachInput(ctx, positions, stdin, stderr, analyzeAnswer(ctx, s, weak, *stats, stdout, stderr))
}

// analyzeAnswer returns what answers each input of c4 analyze (and of
// c4 solve -a): the score of every column of its position, printed as
// "MOVES S1 ... S7" (with NODES MICROS for stats).
func analyzeAnswer(ctx context.Context, s *engine.Solver, weak, stats bool, stdout, stderr io.Writer) func(posfile.Input) error {
	progress := showProgress(s, stderr)
	return func(in posfile.Input) error {
		progress.start(in.Moves)
		scores, st, err := analysis(ctx, s, in.Pos, weak)
		progress.clear()
		if err != nil {
			return answerError(in, err)
		}
		if stats {
			_, err = fmt.Fprintf(stdout, "%s %s %d %d\n", in.Moves, formatScores(scores[:]), st.Nodes, st.Elapsed.Microseconds())
		} else {
			_, err = fmt.Fprintf(stdout, "%s %s\n", in.Moves, formatScores(scores[:]))
		}
		return err
	}
}

// analysis returns the score of each column of p, or only its outcome when
// weak, and the solver's work.
func analysis(ctx context.Context, s *engine.Solver, p engine.Position, weak bool) ([engine.Width]engine.Score, engine.Stats, error) {
	if weak {
		return weakAnalysis(ctx, s, p)
	}
	scores, err := s.Analyze(ctx, p)
	return scores, s.Stats(), err
}

// weakAnalysis is [engine.Solver.Analyze] for outcomes only: the outcome
// (-1, 0 or 1) of playing each column of p, found with SolveWeak on each
// child, with [engine.Invalid] for a full column; and the solver's work
// summed over the children.
func weakAnalysis(ctx context.Context, s *engine.Solver, p engine.Position) ([engine.Width]engine.Score, engine.Stats, error) {
	var scores [engine.Width]engine.Score
	var total engine.Stats
	if p.IsWon() {
		return scores, total, engine.ErrGameOver
	}
	for col := range engine.Width {
		switch {
		case !p.CanPlay(col):
			scores[col] = engine.Invalid
		case p.IsWinningMove(col):
			scores[col] = 1
		default:
			child := p
			child.Play(col)
			v, err := s.SolveWeak(ctx, child)
			st := s.Stats()
			total.Nodes += st.Nodes
			total.Elapsed += st.Elapsed
			if err != nil {
				return scores, total, err
			}
			scores[col] = -v
		}
	}
	return scores, total, nil
}

// formatScores writes scores as the established solvers print them: plain
// integers separated by spaces, -1000 for a full column.
func formatScores(scores []engine.Score) string {
	var b strings.Builder
	for i, v := range scores {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(int(v)))
	}
	return b.String()
}
