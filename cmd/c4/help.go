package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/fourgen/fourgen/internal/english"
)

const helpHelp = `Help lists c4's commands. With a COMMAND, it prints that command's usage,
description and flags, as c4 COMMAND -h does.
`

// runHelp lists the commands, or prints one command's help.
func runHelp(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("help", flag.ContinueOnError)
	if err := parseFlags(fs, args, stdout); err != nil {
		return err
	}
	switch fs.NArg() {
	case 0:
		printCommands(stdout)
		return nil
	case 1:
	default:
		return usageErrorf("help", "want at most one command, got %s", english.Plural(fs.NArg(), "argument"))
	}
	c, ok := lookup(fs.Arg(0))
	if !ok {
		return usageErrorf("help", "unknown command %q", fs.Arg(0))
	}
	// Each command prints its own help, flags included, for -h.
	err := c.run(ctx, []string{"-h"}, stdin, stdout, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	return err
}

// printCommands writes the overview of c4 and its commands.
func printCommands(w io.Writer) {
	fmt.Fprint(w, "c4 shows, solves and analyses Connect-4 positions. A position is a move string\n"+
		"of 1-based columns played from the empty board: \"4453\"; \"\" is the empty board.\n\n"+
		"usage: c4 COMMAND [ARGS]\n\ncommands:\n")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-10s %s\n", c.name, c.summary)
	}
	fmt.Fprint(w, "\nrun 'c4 help COMMAND' for a command's details.\n")
}
