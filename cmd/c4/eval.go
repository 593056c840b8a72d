package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/fourgen/fourgen/engine/agent"
	"github.com/fourgen/fourgen/engine/agent/external"
	"github.com/fourgen/fourgen/engine/eval"
	"github.com/fourgen/fourgen/engine/eval/chart"
	"github.com/fourgen/fourgen/internal/english"
	"github.com/fourgen/fourgen/internal/refpath"
)

// evalHelp is c4 help eval.
var evalHelp = `Eval measures AGENT against perfect play: it asks the agent for a move in
each test position and scores the move with the exact solver (with the
opening book), at eval time. The positions are the first field of each
line of the FILEs ("MOVES" or "MOVES SCORE" lines; scores are ignored),
by default Pascal Pons's six test sets, pons/Test_L*_R* of the reference
data beside the repository.

It prints the perfect-move rate (the move's score is the position's, the
best of any column), the good-move rate (the move keeps the position's
outcome: a win stays a win, a draw a draw; every move of a lost position
is good) and the error table: moves that were not perfect, out of the
positions, by stage (stones played: at most 14, at most 28, more) and
difficulty (plies to the end with perfect play from the position, from
its score: 2w-1 when the side to move wins with w more stones of its own,
2w when it loses to w more of the opponent's, the empty cells for a draw;
fewer than 14, fewer than 28, more). --json prints the same as an object
(positions, perfectMoveRate and goodMoveRate as fractions, table, byStones);
--svg FILE draws the error rates by stones on the board.

` + agentsHelp + `
--limit N takes the first N positions of each file; --seed S seeds the
agent; --threads and --tt-mb size the solver that scores the moves.
`

// runEval measures an agent against perfect play on test positions.
func runEval(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("eval", flag.ContinueOnError)
	limit := fs.Int("limit", 0, "take the first `N` positions of each file (0: all)")
	seed := fs.Uint64("seed", 1, "seed `S` of the agent's random choices")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	svg := fs.String("svg", "", "write a picture of the error rates by stones to `FILE` (SVG)")
	solving := addSolverFlags(fs, allCores())
	args, err := parseArgs(fs, args, stdout)
	if err != nil {
		return err
	}
	switch {
	case len(args) == 0:
		return usageErrorf("eval", "want an agent, then test files (or none: Pons's sets)")
	case *limit < 0:
		return usageErrorf("eval", "--limit %d: want 0 (all) or more", *limit)
	}
	files := args[1:]
	if len(files) == 0 {
		if files, err = ponsSets(); err != nil {
			return usageErrorf("eval", "no FILE given, and Pons's sets: %v", err)
		}
	}
	var positions []eval.Position
	for _, file := range files {
		ps, err := readPositions(file, *limit)
		if err != nil {
			return fmt.Errorf("eval: %w", err)
		}
		positions = append(positions, ps...)
	}
	s, err := solving.solver("eval")
	if err != nil {
		return err
	}
	a, err := newAgent("eval", args[0], agent.Options{Seed: *seed, TableMiB: *solving.tableMiB, Book: s.Book()}, stderr)
	if err != nil {
		return err
	}
	defer external.Close(a)
	var show func(int, eval.Move)
	if isTerminal(stderr) {
		show = func(i int, _ eval.Move) {
			if (i+1)%100 == 0 || i+1 == len(positions) {
				fmt.Fprintf(stderr, "\r%d of %s", i+1, english.Plural(len(positions), "position"))
			}
		}
	}
	r, err := eval.Evaluate(ctx, a, s, positions, show)
	if show != nil {
		fmt.Fprintln(stderr)
	}
	if err != nil {
		return fmt.Errorf("eval: %w", err)
	}
	if *svg != "" {
		if err := writeSVG(*svg, r); err != nil {
			return err
		}
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		return enc.Encode(r)
	}
	return r.WriteText(stdout)
}

// ponsSets returns the paths of Pons's test sets in the reference data.
func ponsSets() ([]string, error) {
	var files []string
	for _, name := range eval.PonsSets {
		path, err := refpath.FindHere("pons/" + name)
		if err != nil {
			return nil, err
		}
		files = append(files, path)
	}
	return files, nil
}

// readPositions reads the test positions of file.
func readPositions(file string, limit int) ([]eval.Position, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return eval.Read(f, filepath.Base(file), limit)
}

// writeSVG draws r's error rates into file.
func writeSVG(file string, r *eval.Report) error {
	f, err := os.Create(file)
	if err != nil {
		return fmt.Errorf("eval: %w", err)
	}
	err = chart.ErrorRates(f, r)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return errors.Join(fmt.Errorf("eval: --svg %s", file), err)
	}
	return nil
}
