package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/fourgen/fourgen/agent"
	"github.com/fourgen/fourgen/agent/external"
	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/internal/textboard"
)

// playHelp is c4 help play.
var playHelp = fmt.Sprintf(`Play plays a game of Connect 4 in the terminal between you and an agent
(--agent, default level3). You play --side 1 (Red, x, the first player)
or 2 (Yellow, o), as on the web page of c4 serve; the game starts from
--opening, a move string (default the empty board), and the agent moves
at once if it is its turn.

Before each of your moves the board is drawn, the last move's stone in
capitals (X or O), in colour on a terminal unless the NO_COLOR environment
variable is set, and you are asked for a move (at the end, the winning
four is in capitals):
  1..%d   drop a stone in that column
  u      undo your last move and the agent's reply
  h      hint: the score of playing each column, as c4 analyze prints it
         (-1000 for a full column), and who then wins with which of
         their stones from now. It gives up after --hint-timeout (with
         --no-book, positions with few stones take minutes).
  q      quit
When the game ends, or you quit, the game's move string is printed, to be
pasted into c4 analyze or c4 play --opening. Input is read line by line,
so a script can play too; the end of the input ends the game like q.

`+agentsHelp+`
Without --seed, the agent is seeded from the clock, and the seed printed so
that the game can be replayed.
`, engine.Width)

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
	f, ok := stdin.(*os.File)
	h := agent.NewHuman(ctx, stdin, stdout, *opening, agent.HumanOptions{
		Player: *side, Opponent: a.Name(), Colour: useColour(stdout, os.Getenv), Echo: !ok || !isTerminal(f),
		HintTimeout: *hintTimeout, TableMiB: *tableMiB, Book: book,
	})
	defer h.Close()
	fmt.Fprintf(stdout, "You play %s against %s (seed %d).\nColumns are 1 to %d; u undoes, h hints, q quits.\n",
		textboard.PlayerName(*side), a.Name(), *seed, engine.Width)
	players := [2]agent.Agent{h, a}
	if p, _ := engine.Parse(*opening); p.ToMove() != *side {
		players = [2]agent.Agent{a, h}
	}
	rec, err := agent.PlayGame(ctx, *opening, players, func(player, col int) {
		h.Played(col)
		if players[player] == a {
			fmt.Fprintf(stdout, "%s plays %d.\n", a.Name(), col+1)
		}
	})
	finish := func(how string) error {
		_, err := fmt.Fprintf(stdout, "%s\ngame: %s\n", how, rec.Game)
		return err
	}
	switch end, isEnd := errors.AsType[agent.GameEnd](err); {
	case ctx.Err() != nil:
		finish("Interrupted: game abandoned.")
		return context.Cause(ctx)
	case isEnd:
		return finish(string(end))
	case err != nil:
		return fmt.Errorf("play: %w", err)
	}
	p := rec.Game.Position()
	fmt.Fprintf(stdout, "\n%s", h.Board(p))
	return finish(h.Result(p))
}

// useColour reports whether c4 play draws in colour on stdout: when it
// is a terminal and the NO_COLOR environment variable (https://no-color.org)
// is absent or empty. getenv is os.Getenv outside tests.
func useColour(stdout io.Writer, getenv func(string) string) bool {
	return isTerminal(stdout) && getenv("NO_COLOR") == ""
}
