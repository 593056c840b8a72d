package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"

	"github.com/fourgen/fourgen/agent"
	"github.com/fourgen/fourgen/agent/external"
	"github.com/fourgen/fourgen/internal/english"
	"github.com/fourgen/fourgen/internal/eval"
	"github.com/fourgen/fourgen/internal/eval/chart"
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

--agent SPEC (repeatable) evaluates more agents on the same positions,
each position and each column played solved once for all; the reports
follow in order (--json: an array of them), and --svg draws them all.
--markdown prints one Markdown table row per agent instead: agent,
positions, perfect and good rates, then each cell's error rate and
positions, stage by stage.

` + agentsHelp + `
--limit N takes the first N positions of each file, after the first
--skip N; --seed S seeds the agent; --threads and --tt-mb size the
solver that scores the moves.

A long evaluation can be split into runs (--skip and --limit, or a file
each), each written with --json, and their reports merged into those of
one run: c4 eval --merge REPORT.json... adds up each agent's counts and
prints them as eval does (--json, --markdown, --svg). A report whose
counts do not add up is refused. Interrupted (Ctrl-C), eval prints the
reports of the positions evaluated so far, the same for every agent, says
how many of each file's they are, and exits 130 (143 for SIGTERM): a run
over the rest (--skip) merges with it.
`

// runEval measures an agent against perfect play on test positions.
func runEval(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("eval", flag.ContinueOnError)
	limit := fs.Int("limit", 0, "take the first `N` positions of each file (0: all)")
	skip := fs.Int("skip", 0, "skip the first `N` positions of each file")
	merge := fs.Bool("merge", false, "merge the reports of earlier runs' --json output (the arguments) instead of evaluating")
	seed := fs.Uint64("seed", 1, "seed `S` of the agent's random choices")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	svg := fs.String("svg", "", "write a picture of the error rates by stones to `FILE` (SVG)")
	markdown := fs.Bool("markdown", false, "print a Markdown table row per agent")
	var more []string
	fs.Func("agent", "evaluate the agent `SPEC` too (repeatable)", func(spec string) error {
		more = append(more, spec)
		return nil
	})
	solving := addSolverFlags(fs, allCores())
	args, err := parseArgs(fs, args, stdout)
	if err != nil {
		return err
	}
	switch {
	case *merge && (len(more) > 0 || *limit != 0 || *skip != 0):
		return usageErrorf("eval", "--merge merges reports: it takes no --agent, --limit or --skip")
	case *merge && len(args) == 0:
		return usageErrorf("eval", "--merge: want the files of c4 eval --json reports to merge")
	case *merge:
		return mergeReports(args, stdout, *svg, *asJSON, *markdown)
	case len(args) == 0:
		return usageErrorf("eval", "want an agent, then test files (or none: Pons's sets)")
	case *limit < 0:
		return usageErrorf("eval", "--limit %d: want 0 (all) or more", *limit)
	case *skip < 0:
		return usageErrorf("eval", "--skip %d: want 0 or more", *skip)
	}
	files := args[1:]
	if len(files) == 0 {
		if files, err = ponsSets(); err != nil {
			return usageErrorf("eval", "no FILE given, and Pons's sets: %v", err)
		}
	}
	var positions []eval.Position
	perFile := make([]int, len(files))
	for i, file := range files {
		ps, err := readPositions(file, *skip, *limit)
		if err != nil {
			return fmt.Errorf("eval: %w", err)
		}
		positions = append(positions, ps...)
		perFile[i] = len(ps)
	}
	s, err := solving.solver("eval")
	if err != nil {
		return err
	}
	var agents []agent.Agent
	for _, spec := range append([]string{args[0]}, more...) {
		a, err := newAgent(ctx, "eval", spec, agent.Options{Seed: *seed, TableMiB: *solving.tableMiB, Book: s.Book()}, stderr)
		if err != nil {
			return err
		}
		defer external.Close(a)
		agents = append(agents, a)
	}
	var show func(int)
	if isTerminal(stderr) {
		show = func(i int) {
			if (i+1)%100 == 0 || i+1 == len(positions) {
				fmt.Fprintf(stderr, "\r%d of %s", i+1, english.Plural(len(positions), "position"))
			}
		}
	}
	if len(positions) == 0 {
		return fmt.Errorf("eval: no positions to evaluate (--skip %d)", *skip)
	}
	reports, err := eval.Evaluate(ctx, agents, s, positions, show)
	if show != nil {
		fmt.Fprintln(stderr)
	}
	if err != nil && ctx.Err() != nil && reports[0].Positions > 0 {
		// Interrupted: the reports of the positions evaluated are exact;
		// print them, to be merged with a run over the rest.
		fmt.Fprintf(stderr, "eval: interrupted; the report covers the first positions of each file (%s): evaluate the rest (--skip) and merge the reports (--merge)\n",
			evaluated(files, perFile, reports[0].Positions))
		if perr := printReports(stdout, reports, *svg, *asJSON, *markdown); perr != nil {
			return perr
		}
	}
	if err != nil {
		return fmt.Errorf("eval: %w", err)
	}
	return printReports(stdout, reports, *svg, *asJSON, *markdown)
}

// evaluated describes the first n positions of files, which hold perFile
// positions each (after --skip and --limit), file by file, for a run over
// the rest to resume from.
func evaluated(files []string, perFile []int, n int) string {
	var parts []string
	for i, file := range files {
		done := min(n, perFile[i])
		n -= done
		parts = append(parts, fmt.Sprintf("%s: %d of %d", filepath.Base(file), done, perFile[i]))
	}
	return strings.Join(parts, ", ")
}

// printReports draws the reports into svg (unless "") and prints them.
func printReports(stdout io.Writer, reports []*eval.Report, svg string, asJSON, markdown bool) error {
	if svg != "" {
		if err := writeSVG(svg, reports); err != nil {
			return err
		}
	}
	return writeReports(stdout, reports, asJSON, markdown)
}

// mergeReports reads the reports of earlier runs from files, merges each
// agent's and prints them.
func mergeReports(files []string, stdout io.Writer, svg string, asJSON, markdown bool) error {
	var all []*eval.Report
	for _, file := range files {
		f, err := os.Open(file)
		if err != nil {
			return fmt.Errorf("eval: %w", err)
		}
		reports, err := eval.ReadReports(f, file)
		f.Close()
		if err != nil {
			return fmt.Errorf("eval: --merge: %w", err)
		}
		all = append(all, reports...)
	}
	merged, err := eval.MergeAll(all)
	if err != nil {
		return fmt.Errorf("eval: --merge: %w", err)
	}
	return printReports(stdout, merged, svg, asJSON, markdown)
}

// writeReports prints the reports: as JSON (an object for one, an array
// for more), as Markdown rows, or as text.
func writeReports(w io.Writer, reports []*eval.Report, asJSON, markdown bool) error {
	switch {
	case asJSON:
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		if len(reports) == 1 {
			return enc.Encode(reports[0])
		}
		return enc.Encode(reports)
	case markdown:
		for _, r := range reports {
			if _, err := fmt.Fprintln(w, r.MarkdownRow()); err != nil {
				return err
			}
		}
		return nil
	}
	for i, r := range reports {
		if i > 0 {
			fmt.Fprintln(w)
		}
		if err := r.WriteText(w); err != nil {
			return err
		}
	}
	return nil
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

// readPositions reads the test positions of file: after the first skip,
// at most limit of them (all when limit is 0).
func readPositions(file string, skip, limit int) ([]eval.Position, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if limit > 0 {
		limit = min(limit, math.MaxInt-skip) + skip
	}
	ps, err := eval.Read(f, filepath.Base(file), limit)
	return ps[min(skip, len(ps)):], err
}

// writeSVG draws the reports' error rates into file.
func writeSVG(file string, reports []*eval.Report) error {
	f, err := os.Create(file)
	if err != nil {
		return fmt.Errorf("eval: %w", err)
	}
	err = chart.ErrorRates(f, reports...)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return errors.Join(fmt.Errorf("eval: --svg %s", file), err)
	}
	return nil
}
