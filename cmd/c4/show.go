package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/textboard"
	"github.com/fourgen/fourgen/internal/english"
)

var showHelp = `Show plays MOVES, a string of 1-based columns ("4453"), from the empty board
and prints the position: the board (x moved first), whose turn it is, the
legal columns, the empty cells where a stone of either side would complete
four (named c<column>r<row>, counted from 1 at the bottom left, and drawn
on a second board; none once the game is over), and the position's two words in hex: the stones of the
side to move and all stones. Without MOVES it shows the empty board.

An illegal move string is refused with the engine's reason, naming the
offending move.

` + boardHelp

// runShow prints the position reached by a move string.
func runShow(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("show", flag.ContinueOnError)
	board := addBoardFlag(fs)
	if err := parseFlags(fs, args, stdout); err != nil {
		return err
	}
	if fs.NArg() > 1 {
		return usageErrorf("show", "want at most one move string, got %s", english.Plural(fs.NArg(), "argument"))
	}
	positions, err := board.positions("show", fs.Args(), stdin)
	if err != nil {
		return err
	}
	moves := ""
	if len(positions) > 0 {
		moves = positions[0]
	}
	p, err := engine.Parse(moves)
	if err != nil {
		return fmt.Errorf("show %q: %w", moves, err)
	}
	_, err = io.WriteString(stdout, textboard.Describe(p, moves))
	return err
}
