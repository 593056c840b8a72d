// This file holds what the commands that solve share: flags that may follow
// the positional arguments, and the table-size, thread and book flags.

package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime"

	"github.com/fourgen/fourgen/engine"
)

// parseArgs parses args with fs as [parseFlags] does, but lets flags follow
// positional arguments ("c4 bench FILE --limit 200"), as the established
// solvers' scripts write them. A "--" ends the flags. It returns the
// positional arguments in order.
func parseArgs(fs *flag.FlagSet, args []string, stdout io.Writer) ([]string, error) {
	var pos []string
	for {
		if err := parseFlags(fs, args, stdout); err != nil {
			return nil, err
		}
		rest := fs.Args()
		// A "--" just consumed ends the flags: the flag package stops there.
		if n := len(args) - len(rest); n > 0 && args[n-1] == "--" {
			return append(pos, rest...), nil
		}
		if len(rest) == 0 {
			return pos, nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// tableFlag registers --tt-mb on fs and returns where its value lands.
func tableFlag(fs *flag.FlagSet) *int {
	return fs.Int("tt-mb", engine.DefaultTableMiB, fmt.Sprintf("transposition table size in MiB (1 to %d on this machine)", engine.MaxTableMiB()))
}

// threadsFlag registers --threads on fs, defaulting to def, and returns
// where its value lands.
func threadsFlag(fs *flag.FlagSet, def int) *int {
	return fs.Int("threads", def, fmt.Sprintf("search threads sharing the table (1 to %d)", engine.MaxThreads))
}

// allCores is the --threads default of the commands that answer one
// position at a time, solve, analyze and serve: every core, up to
// [engine.MaxThreads]. The solver uses one thread anyway for positions of
// many stones, where waking a second costs more than it brings.
func allCores() int { return min(runtime.NumCPU(), engine.MaxThreads) }

// addWeakFlag registers --weak, with usage, and its short form -w on fs.
func addWeakFlag(fs *flag.FlagSet, weak *bool, usage string) {
	fs.BoolVar(weak, "weak", false, usage)
	fs.BoolVar(weak, "w", false, "short for --weak")
}

// solverFlags are the flags of the commands that solve: --tt-mb,
// --threads, --book and --no-book.
type solverFlags struct {
	tableMiB, threads *int
	book              *bookChoice
}

// addSolverFlags registers the flags of the commands that solve on fs,
// with threads as the --threads default.
func addSolverFlags(fs *flag.FlagSet, threads int) solverFlags {
	return solverFlags{tableMiB: tableFlag(fs), threads: threadsFlag(fs, threads), book: addBookFlags(fs)}
}

// solver checks the flags, after parsing, and returns the solver they ask
// for. cmd names the command in errors.
func (f solverFlags) solver(cmd string) (*engine.Solver, error) {
	if err := checkTable(cmd, *f.tableMiB); err != nil {
		return nil, err
	}
	if err := checkThreads(cmd, *f.threads); err != nil {
		return nil, err
	}
	return newSolver(cmd, *f.tableMiB, *f.threads, f.book)
}

// newSolver returns a solver with a table of mib MiB and the given number
// of threads that answers from the chosen book. cmd names the command in
// errors.
func newSolver(cmd string, mib, threads int, book *bookChoice) (*engine.Solver, error) {
	b, err := book.load(cmd)
	if err != nil {
		return nil, err
	}
	s, err := engine.NewSolver(mib)
	if err != nil {
		return nil, fmt.Errorf("%s: --tt-mb %d: %w", cmd, mib, err)
	}
	s.SetBook(b)
	s.SetThreads(threads)
	return s, nil
}

// checkThreads refuses a --threads outside 1 to [engine.MaxThreads].
func checkThreads(cmd string, n int) error {
	if n < 1 || n > engine.MaxThreads {
		return usageErrorf(cmd, "--threads %d: want 1 to %d", n, engine.MaxThreads)
	}
	return nil
}

// checkTable refuses a table size of --tt-mb outside 1 to
// [engine.MaxTableMiB], before any memory is allocated.
func checkTable(cmd string, mib int) error {
	if mib < 1 {
		return usageErrorf(cmd, "--tt-mb %d: want 1 to %d MiB", mib, engine.MaxTableMiB())
	}
	if err := engine.CheckTableMiB(mib); err != nil {
		var big *engine.TableSizeError
		if errors.As(err, &big) {
			return usageErrorf(cmd, "--tt-mb %d: want 1 to %d MiB on this machine (%s)", mib, big.Limit, big.Reason)
		}
		return usageErrorf(cmd, "--tt-mb %d: %v", mib, err)
	}
	return nil
}
