// Command c4 is fourgen's command-line tool: it shows, solves and analyses
// Connect-4 positions given as move strings of 1-based columns, benchmarks
// the solver on reference files, builds and verifies opening books, serves
// the web page and JSON API, plays agents against a person or each other,
// measures them against perfect play, and writes labelled datasets (c4
// help lists the subcommands).
//
// Usage:
//
//	c4 COMMAND [ARGS]
//	c4 help [COMMAND]
//
// Each subcommand lives in its own file as a run function (see [command]) and
// is listed once in [commands]. Errors are printed to stderr after "c4: ";
// the exit status is 2 for a usage error, 130 (143) for a command
// interrupted by SIGINT (SIGTERM), 1 for any other failure.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/fourgen/fourgen/internal/cmdline"
	"github.com/fourgen/fourgen/internal/interrupt"
)

// command is one subcommand of c4.
type command struct {
	name    string // what the user types: c4 NAME
	args    string // synopsis of the arguments after the name, e.g. "[MOVES]"
	summary string // one line for the command list
	help    string // paragraphs for c4 help NAME, without the synopsis or flags
	// run does the work. args excludes the name; ctx is cancelled on SIGINT.
	// It returns a [usageError] for a bad invocation, flag.ErrHelp after
	// printing help for -h, and any other error for a failure.
	run func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error
}

// commands lists the subcommands in the order help shows them. Adding a
// subcommand means writing its run function in a file of its own and adding
// one line here. (A function rather than a variable, because help refers
// back to the list.)
func commands() []command {
	return []command{
		{"show", "[MOVES]", "draw a position, whose turn, legal moves and winning cells", showHelp, runShow},
		{"solve", "[flags] [MOVES...]", "print the score of each position (stdin or arguments)", solveHelp, runSolve},
		{"analyze", "[flags] [MOVES...]", "print the score of playing each column of each position", analyzeHelp, runAnalyze},
		{"bench", "[flags] FILE...", "solve reference files of positions, check the scores, time them", benchHelp, runBench},
		{"book", "build|merge|info|verify [flags] [FILES]", "build, merge, check and verify opening books", bookHelp, runBook},
		{"serve", "[flags]", "serve a web app and JSON API to play, analyse and inspect positions", serveHelp, runServe},
		{"play", "[flags]", "play a game in the terminal against an agent", playHelp, runPlay},
		{"match", "[flags] A B", "play two agents against each other and tabulate the results", matchHelp, runMatch},
		{"eval", "[flags] AGENT [FILE...]", "measure an agent against perfect play on test positions", evalHelp, runEval},
		{"dataset", "[merge] [flags] [FILES]", "write random positions labelled with exact scores (.jsonl, .csv, .parquet)", datasetHelp, runDataset},
		{"version", "", "print the build's version", versionHelp, runVersion},
		{"help", "[COMMAND]", "list the commands, or explain one", helpHelp, runHelp},
	}
}

// lookup finds the subcommand called name.
func lookup(name string) (command, bool) {
	for _, c := range commands() {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

func main() {
	// SIGTERM too: container platforms stop a container with it (docker
	// stop, Kubernetes), and c4 serve then shuts down as on Ctrl-C. After
	// the first signal, a second one kills the process at once.
	ctx, stop := interrupt.Notify(context.Background(), interrupt.Signals...)
	code := execute(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr, os.Exit)
	stop()
	os.Exit(code)
}

// stopGrace is how long a command has to return once interrupted before
// c4 exits without it: enough for a solve to notice its context. A
// command blocked where no context reaches (the open of a FIFO without a
// writer, the read of a silent pipe) never returns; commands with work to
// finish on their own ask for more with interrupt.Allow.
const stopGrace = time.Second

// finishGrace is the grace of a command that finishes work of its own once
// interrupted: c4 serve's shutdown (it lets the requests in flight answer
// for 5 s), the checkpoints of c4 dataset and c4 book build, ending the
// processes of cmd: agents.
const finishGrace = 10 * time.Second

// execute runs the command args (without the program name) with ctx,
// reports its error on stderr and returns c4's exit status: 130 (143) when
// a SIGINT (SIGTERM) interrupted it. If the command has not returned
// within its grace of the signal, execute prints "c4: interrupted" and
// calls exit with that status without waiting for it; should exit return
// (in tests), execute returns -1 once the command has.
func execute(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, exit func(int)) int {
	ctx, finished := interrupt.Guard(ctx, stopGrace, func(e *interrupt.Error) {
		fmt.Fprintln(stderr, "c4: interrupted")
		exit(e.ExitCode())
	})
	err := run(ctx, args, stdin, stdout, stderr)
	if !finished() {
		return -1
	}
	code := report(err, stderr)
	if e, ok := interrupt.Received(ctx); ok && code == 1 && errors.Is(err, context.Canceled) {
		return e.ExitCode()
	}
	return code
}

// run dispatches args (without the program name) to a subcommand.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return usageErrorf("", "no command given")
	}
	name := args[0]
	switch name {
	case "-h", "-help", "--help":
		return runHelp(ctx, args[1:], stdin, stdout, stderr)
	case "-version", "--version":
		name = "version"
	}
	c, ok := lookup(name)
	if !ok {
		return unknownCommand("", name)
	}
	err := c.run(ctx, args[1:], stdin, stdout, stderr)
	if ue, ok := errors.AsType[*usageError](err); ok && ue.cmd == "" {
		ue.cmd = c.name
	}
	return err
}

// unknownCommand is the usage error of cmd for name, which names no
// command, with the command meant when name is a near miss.
func unknownCommand(cmd, name string) error {
	var names []string
	for _, c := range commands() {
		names = append(names, c.name)
	}
	if near := cmdline.Suggest(name, names); near != "" {
		return usageErrorf(cmd, "unknown command %q; did you mean %s?", name, near)
	}
	return usageErrorf(cmd, "unknown command %q", name)
}

// report prints err, if any, to stderr and returns the exit status for it.
func report(err error, stderr io.Writer) int {
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return 0
	case errors.Is(err, context.Canceled):
		fmt.Fprintln(stderr, "c4: interrupted")
		return 1
	}
	if ue, ok := errors.AsType[*usageError](err); ok {
		fmt.Fprintf(stderr, "c4: %v\n", ue)
		if c, ok := lookup(ue.cmd); ok {
			fmt.Fprintf(stderr, "usage: %s\nrun 'c4 help %s' for details\n", synopsis(c), c.name)
		} else {
			fmt.Fprintln(stderr, "run 'c4 help' for the list of commands")
		}
		return 2
	}
	fmt.Fprintf(stderr, "c4: %v\n", err)
	return 1
}

// usageError is an error in how c4 was invoked: a wrong number of
// arguments, an unknown flag or command. c4 exits 2 for it.
type usageError struct {
	cmd string // the subcommand, or "" for the command line as a whole
	msg string
}

func (e *usageError) Error() string {
	if e.cmd == "" {
		return e.msg
	}
	return e.cmd + ": " + e.msg
}

// usageErrorf returns a [usageError] for subcommand cmd. Run functions may
// pass "" for their own name: run fills it in.
func usageErrorf(cmd, format string, a ...any) error {
	return &usageError{cmd: cmd, msg: fmt.Sprintf(format, a...)}
}

// parseFlags parses a subcommand's arguments with fs, whose name must be
// the subcommand's. For -h or -help it prints the subcommand's help,
// including fs's flags, to stdout and returns flag.ErrHelp; any other flag
// error comes back as a [usageError] instead of being printed.
func parseFlags(fs *flag.FlagSet, args []string, stdout io.Writer) error {
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	err := fs.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		c, _ := lookup(fs.Name())
		printHelp(stdout, c, fs)
		return err
	case err != nil:
		return usageErrorf(fs.Name(), "%s", cmdline.FlagError(err, fs, args))
	}
	return nil
}

// printHelp writes the synopsis, help text and flags of c.
func printHelp(w io.Writer, c command, fs *flag.FlagSet) {
	fmt.Fprintf(w, "usage: %s\n\n%s", synopsis(c), c.help)
	hasFlags := false
	fs.VisitAll(func(*flag.Flag) { hasFlags = true })
	if hasFlags {
		fmt.Fprint(w, "\nflags:\n")
		fs.SetOutput(w)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
	}
}

// synopsis is the one-line usage of c.
func synopsis(c command) string {
	return strings.TrimSpace("c4 " + c.name + " " + c.args)
}
