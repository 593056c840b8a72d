package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/internal/english"
	"github.com/fourgen/fourgen/internal/terminal"
	"github.com/fourgen/fourgen/internal/textboard"
)

var showHelp = `Show plays MOVES, a string of 1-based columns ("4453"), from the empty board
and prints the position: the board (x moved first) with the last stone in
capitals, or the winning four once the game is won (and in colour on a
terminal unless the NO_COLOR environment variable is set); the last move;
while the game goes on, whose turn it is, the legal columns and the empty
cells where a stone of either side would complete four (named
c<column>r<row>, counted from 1 at the bottom left, and drawn on a second
board); once it is over, how it ended, with no side to move, moves or
threats; and the position's two words in hex: the stones of the player
whose turn it is (or would be) and all stones. Without MOVES it shows the
empty board. As for c4 solve, flags may follow MOVES.

An illegal move string is refused with the engine's reason, naming the
offending move.

` + boardHelp

// runShow prints the position reached by a move string.
func runShow(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("show", flag.ContinueOnError)
	board := addBoardFlag(fs)
	rest, err := parseArgs(fs, args, stdout)
	if err != nil {
		return err
	}
	if len(rest) > 1 {
		return usageErrorf("show", "want at most one move string, got %s", english.Plural(len(rest), "argument"))
	}
	moves := ""
	if len(rest) == 1 {
		moves = rest[0]
	}
	positions, err := board.positions("show", rest, stdin)
	if err != nil {
		return err
	}
	if len(positions) > 0 {
		moves = positions[0]
	}
	p, err := engine.Parse(moves)
	if err != nil {
		return fmt.Errorf("show %q: %w", moves, err)
	}
	_, err = io.WriteString(stdout, textboard.Describe(p, moves, terminal.Colour(stdout, os.Getenv)))
	return err
}
