package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/benchsets"
)

// benchHelp is c4 help bench.
var benchHelp = helpText("bench")

// runBench solves the positions of reference files and tabulates the work.
func runBench(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	var cfg benchsets.Config
	fs.IntVar(&cfg.Limit, "limit", 0, "solve only the first `N` positions of each file (0: all)")
	fs.BoolVar(&cfg.Reset, "reset", false, "clear the transposition table before each position")
	addWeakFlag(fs, &cfg.Weak, "solve weakly and check only the outcome (the score's sign)")
	fs.BoolVar(&cfg.Analyze, "analyze", false, fmt.Sprintf(`the files hold "MOVES S1 ... S%d" analyses: check every column`, board.Width))
	fs.BoolVar(&cfg.ZeroBased, "zero-based", false, `the files' move strings count columns from 0 ("3342" is "4453"), as the C++ solvers' test files do`)
	solving := addSolverFlags(fs, 1) // one thread: timings comparable with other solvers'
	files, err := parseArgs(fs, args, stdout)
	if err != nil {
		return err
	}
	switch {
	case len(files) == 0:
		return usageErrorf("bench", "want at least one FILE")
	case cfg.Limit < 0:
		return usageErrorf("bench", "--limit %d: want 0 (all) or more", cfg.Limit)
	}
	s, err := solving.solver("bench")
	if err != nil {
		return err
	}
	return benchsets.Run(ctx, s, cfg, files, stdout, stderr)
}
