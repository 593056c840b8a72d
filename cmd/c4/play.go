package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/fourgen/fourgen/engine/agent"
	"github.com/fourgen/fourgen/engine/agent/external"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/humanplayer"
	"github.com/fourgen/fourgen/internal/terminal"
	"github.com/fourgen/fourgen/internal/textboard"
)

// playHelp is c4 help play.
var playHelp = helpText("play")

// runPlay plays a game between the user and an agent.
func runPlay(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	spec := fs.String("agent", "level3", "the agent to play against: `SPEC`, listed below")
	side := fs.Int("side", 1, "your player: 1 (Red, x, moves first) or 2 (Yellow, o)")
	opening := fs.String("opening", "", "start from `MOVES`")
	seed := fs.Uint64("seed", 0, "seed `S` of the agent's random choices (default: from the clock)")
	bookChoice := addBookFlags(fs)
	hintTimeout := fs.Duration("hint-timeout", 20*time.Second, "give up a hint after this long")
	tableMiB := tableFlag(fs)
	if err := parseFlags(fs, args, stdout); err != nil {
		return err
	}
	seeded := false
	fs.Visit(func(f *flag.Flag) { seeded = seeded || f.Name == "seed" })
	switch {
	case fs.NArg() > 0:
		return usageErrorf("play", "want no arguments, got %q", fs.Args())
	case *side != 1 && *side != 2:
		return usageErrorf("play", "--side %d: want 1 or 2", *side)
	case *hintTimeout <= 0:
		return usageErrorf("play", "--hint-timeout %v: want a positive duration", *hintTimeout)
	}
	if err := checkTable("play", *tableMiB); err != nil {
		return err
	}
	if err := openingPosition("play", *opening); err != nil {
		return err
	}
	book, err := bookChoice.load("play")
	if err != nil {
		return err
	}
	if !seeded {
		*seed = uint64(time.Now().UnixNano())
	}
	a, err := newAgent(ctx, "play", *spec, agent.Options{Seed: *seed, TableMiB: *tableMiB, Book: book}, stderr)
	if err != nil {
		return err
	}
	defer external.Close(a)
	h := humanplayer.NewHuman(ctx, stdin, stdout, *opening, humanplayer.HumanOptions{
		Player: *side, Opponent: a.Name(), Colour: terminal.Colour(stdout, os.Getenv), Echo: !terminal.Is(stdin),
		HintTimeout: *hintTimeout, TableMiB: *tableMiB, Book: book,
	})
	defer h.Close()
	fmt.Fprintf(stdout, "You play %s against %s (seed %d).\nColumns are 1 to %d; u undoes, h hints, q quits.\n",
		textboard.PlayerName(*side), a.Name(), *seed, board.Width)
	err = h.PlayAgainst(ctx, a)
	if err != nil && ctx.Err() == nil {
		return fmt.Errorf("play: %w", err)
	}
	return err
}
