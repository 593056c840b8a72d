package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/fourgen/fourgen/agent"
	"github.com/fourgen/fourgen/agent/external"
	"github.com/fourgen/fourgen/internal/eval"
	"github.com/fourgen/fourgen/internal/eval/chart"
	"github.com/fourgen/fourgen/internal/progress"
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
how many of each file's they are, and exits 1: a run over the rest
(--skip) merges with it.
`

// evalOutput is where and how c4 eval prints its reports: --svg, --json
// and --markdown.
type evalOutput struct {
	svg              *string
	asJSON, markdown *bool
}

// addEvalOutput registers --json, --markdown and --svg on fs.
func addEvalOutput(fs *flag.FlagSet) evalOutput {
	return evalOutput{
		svg:      fs.String("svg", "", "write a picture of the error rates by stones to `FILE` (SVG)"),
		asJSON:   fs.Bool("json", false, "print the report as JSON"),
		markdown: fs.Bool("markdown", false, "print a Markdown table row per agent"),
	}
}

// runEval measures an agent against perfect play on test positions.
func runEval(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("eval", flag.ContinueOnError)
	limit := fs.Int("limit", 0, "take the first `N` positions of each file (0: all)")
	skip := fs.Int("skip", 0, "skip the first `N` positions of each file")
	merge := fs.Bool("merge", false, "merge the reports of earlier runs' --json output (the arguments) instead of evaluating")
	seed := fs.Uint64("seed", 1, "seed `S` of the agent's random choices")
	out := addEvalOutput(fs)
	var specs []string
	fs.Func("agent", "evaluate the agent `SPEC` too (repeatable)", func(spec string) error {
		specs = append(specs, spec)
		return nil
	})
	solving := addSolverFlags(fs, allCores())
	args, err := parseArgs(fs, args, stdout)
	if err != nil {
		return err
	}
	switch {
	case *merge && (len(specs) > 0 || *limit != 0 || *skip != 0):
		return usageErrorf("eval", "--merge merges reports: it takes no --agent, --limit or --skip")
	case *merge && len(args) == 0:
		return usageErrorf("eval", "--merge: want the files of c4 eval --json reports to merge")
	case *merge:
		return mergeReports(args, stdout, out)
	case len(args) == 0:
		return usageErrorf("eval", "want an agent, then test files (or none: Pons's sets)")
	case *limit < 0:
		return usageErrorf("eval", "--limit %d: want 0 (all) or more", *limit)
	case *skip < 0:
		return usageErrorf("eval", "--skip %d: want 0 or more", *skip)
	}
	names := args[1:]
	if len(names) == 0 {
		if names, err = eval.PonsFiles(); err != nil {
			return usageErrorf("eval", "no FILE given, and Pons's sets: %v", err)
		}
	}
	files, err := eval.ReadFiles(names, *skip, *limit)
	if err != nil {
		return fmt.Errorf("eval: %w", err)
	}
	s, err := solving.solver("eval")
	if err != nil {
		return err
	}
	var agents []agent.Agent
	for _, spec := range append([]string{args[0]}, specs...) {
		a, err := newAgent("eval", spec, agent.Options{Seed: *seed, TableMiB: *solving.tableMiB, Book: s.Book()}, stderr)
		if err != nil {
			return err
		}
		defer external.Close(a)
		agents = append(agents, a)
	}
	if len(files.Positions) == 0 {
		return fmt.Errorf("eval: no positions to evaluate (--skip %d)", *skip)
	}
	bar := progress.New(stderr, int64(len(files.Positions)), "positions", "eval")
	reports, err := eval.Evaluate(ctx, agents, s, files.Positions, func(int) { bar.Add(1) })
	bar.Close()
	return evalDone(ctx, reports, err, files, stdout, stderr, out)
}

// evalDone prints the reports of an evaluation that ended with err: none
// when it failed, those of the positions evaluated when it was
// interrupted, saying which, to be merged with a run over the rest.
func evalDone(ctx context.Context, reports []*eval.Report, err error, files *eval.Files, stdout, stderr io.Writer, out evalOutput) error {
	if err != nil && ctx.Err() != nil && reports[0].Positions > 0 {
		fmt.Fprintf(stderr, "eval: interrupted; the report covers the first positions of each file (%s): evaluate the rest (--skip) and merge the reports (--merge)\n",
			files.Evaluated(reports[0].Positions))
		if perr := out.print(stdout, reports); perr != nil {
			return perr
		}
	}
	if err != nil {
		return fmt.Errorf("eval: %w", err)
	}
	return out.print(stdout, reports)
}

// print draws the reports into --svg (when given) and prints them.
func (out evalOutput) print(stdout io.Writer, reports []*eval.Report) error {
	if *out.svg != "" {
		if err := chart.WriteFile(*out.svg, reports...); err != nil {
			return errors.Join(fmt.Errorf("eval: --svg %s", *out.svg), err)
		}
	}
	format := eval.Text
	switch {
	case *out.asJSON:
		format = eval.JSON
	case *out.markdown:
		format = eval.Markdown
	}
	return eval.WriteReports(stdout, reports, format)
}

// mergeReports reads the reports of earlier runs from files, merges each
// agent's and prints them.
func mergeReports(files []string, stdout io.Writer, out evalOutput) error {
	all, err := eval.ReadReportFiles(files)
	if err != nil {
		return fmt.Errorf("eval: --merge: %w", err)
	}
	merged, err := eval.MergeAll(all)
	if err != nil {
		return fmt.Errorf("eval: --merge: %w", err)
	}
	return out.print(stdout, merged)
}
