package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/english"
	"github.com/fourgen/fourgen/internal/terminal"
	"github.com/fourgen/fourgen/internal/textboard"
)

var showHelp = helpText("show")

// runShow prints the position reached by a move string.
func runShow(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("show", flag.ContinueOnError)
	boardArg := addBoardFlag(fs)
	positions, err := boardArg.positions("show", fs, args, stdin, stdout) // the arguments, or --board's moves
	if err != nil {
		return err
	}
	if len(positions) > 1 {
		return usageErrorf("show", "want at most one move string, got %s", english.Plural(len(positions), "argument"))
	}
	moves := ""
	if len(positions) > 0 {
		moves = positions[0]
	}
	g, err := board.ParseGameAs(moves, boardArg.zeroBased)
	if err != nil {
		return fmt.Errorf("show %q: %w", moves, err)
	}
	_, err = io.WriteString(stdout, textboard.Describe(g, moves, terminal.Colour(stdout, os.Getenv)))
	return err
}
