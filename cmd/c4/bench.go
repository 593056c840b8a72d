package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/fourgen/fourgen/board"
	"github.com/fourgen/fourgen/internal/benchsets"
)

// benchHelp is c4 help bench.
var benchHelp = fmt.Sprintf(`Bench solves every position of each FILE, checks each score against the
file's, and prints one row per file: the positions solved, the mean and
median microseconds per position, the mean nodes searched, the speed in
millions of nodes per second and the number of wrong scores. Each FILE holds
"MOVES SCORE" lines, as the standard test sets (Pascal Pons's Test_L*_R*)
do; with --analyze, "MOVES S1 ... S%d" lines as c4 analyze prints them, and
every column's score is checked. Lines of blanks only are skipped, and
blanks before the moves.

The solver answers positions of at most 9 stones from the embedded opening
book unless --no-book (or --book FILE) says otherwise. One solver solves
everything, keeping its transposition table from one
position to the next unless --reset clears it before each position, as
other solvers' benchmarks do. It searches with one thread unless --threads
says otherwise, so that its times compare with other solvers' single-thread
figures. Flags may follow the files.

Each wrong score is printed on stderr as "FILE:LINE: MOVES got X want Y",
each unreadable line as "FILE:LINE: reason" (with a hint when the file
holds the other kind of lines: analyses without --analyze, or scores with
it); c4 then exits 1, as it does for an unreadable file (one holding a NUL
byte or a line of over 64 KiB, read no further). While stderr is a
terminal, bench shows its progress there. Interrupted (Ctrl-C), bench
prints the row of the positions it solved of the file it was in.
`, board.Width)

// runBench solves the positions of reference files and tabulates the work.
func runBench(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	var cfg benchsets.Config
	fs.IntVar(&cfg.Limit, "limit", 0, "solve only the first `N` positions of each file (0: all)")
	fs.BoolVar(&cfg.Reset, "reset", false, "clear the transposition table before each position")
	fs.BoolVar(&cfg.Weak, "weak", false, "solve weakly and check only the outcome (the score's sign)")
	fs.BoolVar(&cfg.Weak, "w", false, "short for --weak")
	fs.BoolVar(&cfg.Analyze, "analyze", false, fmt.Sprintf(`the files hold "MOVES S1 ... S%d" analyses: check every column`, board.Width))
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
