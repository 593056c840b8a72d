package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/answer"
	"github.com/fourgen/fourgen/internal/posfile"
	"github.com/fourgen/fourgen/internal/progress"
)

// analyzeHelp is c4 help analyze.
var analyzeHelp = helpText("analyze")

// runAnalyze prints the score of every column of each position given.
func runAnalyze(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("analyze", flag.ContinueOnError)
	var weak bool
	addWeakFlag(fs, &weak, "print only each column's outcome: 1 win, 0 draw, -1 loss (faster)")
	stats := fs.Bool("stats", false, "append the nodes searched and the microseconds taken, over all columns")
	asJSON := fs.Bool("json", false, "print the JSON of /api/analyze for each position, a line each")
	solving := addSolverFlags(fs, allCores())
	solving.book.addShortBookFlag(fs)
	boardArg := addBoardFlag(fs)
	positions, err := boardArg.positions("analyze", fs, args, stdin, stdout)
	if err != nil {
		return err
	}
	if *asJSON && (weak || *stats) {
		return usageErrorf("analyze", "--json gives exact scores, nodes and micros: not with --weak or --stats")
	}
	s, err := solving.solver("analyze")
	if err != nil {
		return err
	}
	each := analyzeAnswer(ctx, s, weak, *stats, stdout, stderr)
	if *asJSON {
		each = analyzeJSON(ctx, s, stdout, stderr)
	}
	return posfile.Answer(ctx, positions, stdin, stderr, boardArg.zeroBased, each)
}

// analyzeJSON returns what answers each input of c4 analyze --json: the
// analysis of its position as /api/analyze answers it (package answer),
// one line of JSON.
func analyzeJSON(ctx context.Context, s *engine.Solver, stdout, stderr io.Writer) func(posfile.Input) error {
	shown := progress.ShowSolve(s, stderr).Announcing("analyze", false)
	return func(in posfile.Input) error {
		a, over := answer.NewAnalysis(in.Moves, in.Pos)
		if !over {
			shown.Start(in.Moves, in.Pos)
			err := a.Solve(ctx, s, in.Pos)
			shown.Clear()
			if err != nil {
				return in.Failed(err)
			}
		}
		data, err := json.Marshal(a)
		if err == nil {
			_, err = fmt.Fprintf(stdout, "%s\n", data)
		}
		return err
	}
}

// analyzeAnswer returns what answers each input of c4 analyze (and of
// c4 solve -a): the score of every column of its position, printed as
// "MOVES S1 ... S7" (with NODES MICROS for stats).
func analyzeAnswer(ctx context.Context, s *engine.Solver, weak, stats bool, stdout, stderr io.Writer) func(posfile.Input) error {
	analyze := s.Analyze
	if weak {
		analyze = s.AnalyzeWeak
	}
	return answerEach(ctx, s, stats, "analyze", weak, stdout, stderr, func(ctx context.Context, p board.Position) ([]board.Score, error) {
		scores, err := analyze(ctx, p)
		return scores[:], err
	})
}

// answerEach returns what answers each input with the scores solve gives
// its position, printed as "MOVES S1 ..." (with NODES MICROS, the solver's
// work over all of them, for stats), the solve's progress of c4 cmd shown on stderr.
func answerEach(ctx context.Context, s *engine.Solver, stats bool, cmd string, weak bool, stdout, stderr io.Writer, solve func(context.Context, board.Position) ([]board.Score, error)) func(posfile.Input) error {
	shown := progress.ShowSolve(s, stderr).Announcing(cmd, weak)
	return func(in posfile.Input) error {
		shown.Start(in.Moves, in.Pos)
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
