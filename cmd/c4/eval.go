package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/fourgen/fourgen/engine/agent"
	"github.com/fourgen/fourgen/engine/agent/external"
	"github.com/fourgen/fourgen/internal/eval"
	"github.com/fourgen/fourgen/internal/eval/chart"
	"github.com/fourgen/fourgen/internal/evalset"
	"github.com/fourgen/fourgen/internal/progress"
)

// evalHelp is c4 help eval.
var evalHelp = helpText("eval")

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
	strict := fs.Bool("strict", false, "stop at an agent's first failure to move (illegal, garbage, timeout, crash) instead of counting it")
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
		return usageErrorf("eval", "want an agent, then test files (or none: the shipped set)")
	case *limit < 0:
		return usageErrorf("eval", "--limit %d: want 0 (all) or more", *limit)
	case *skip < 0:
		return usageErrorf("eval", "--skip %d: want 0 or more", *skip)
	}
	files, err := evalset.Files(args[1:], *skip, *limit)
	if err != nil {
		return fmt.Errorf("eval: %w", err)
	}
	s, err := solving.solver("eval")
	if err != nil {
		return err
	}
	var agents []agent.Agent
	for _, spec := range append([]string{args[0]}, specs...) {
		a, err := newAgent(ctx, "eval", spec, agent.Options{Seed: *seed, TableMiB: *solving.tableMiB, Book: s.Book()}, stderr)
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
	reports, err := eval.Evaluate(ctx, agents, s, files.Positions, eval.Options{Strict: *strict, Done: func(int) { bar.Add(1) }})
	bar.Close()
	eval.WriteFailures(stderr, reports)
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
	merged, err := eval.MergeFiles(files)
	if err != nil {
		return fmt.Errorf("eval: --merge: %w", err)
	}
	return out.print(stdout, merged)
}
