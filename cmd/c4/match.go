package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/fourgen/fourgen/engine/agent"
	"github.com/fourgen/fourgen/engine/agent/external"
	"github.com/fourgen/fourgen/internal/english"
	"github.com/fourgen/fourgen/internal/posfile"
)

var matchHelp = helpText("match")

// runMatch plays two agents against each other and tabulates the results.
func runMatch(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("match", flag.ContinueOnError)
	games := fs.Int("games", 10, "play `N` games")
	seed := fs.Uint64("seed", 1, "seed `S` of the agents' random choices")
	opening := fs.String("opening", "", "start every game from `MOVES`")
	bookChoice := addBookFlags(fs)
	moves := fs.Bool("moves", false, "print each game's move string as it ends")
	strict := fs.Bool("strict", false, "stop at an agent's first failure to move (illegal, garbage, timeout, crash) instead of counting it a loss")
	tableMiB := tableFlag(fs)
	specs, err := parseArgs(fs, args, stdout)
	if err != nil {
		return err
	}
	switch {
	case len(specs) != 2:
		return usageErrorf("match", "want two agents, got %s", english.Plural(len(specs), "argument"))
	case *games < 1:
		return usageErrorf("match", "--games %d: want at least 1", *games)
	}
	if err := checkTable("match", *tableMiB); err != nil {
		return err
	}
	if err := openingPosition("match", *opening); err != nil {
		return err
	}
	book, err := bookChoice.load("match")
	if err != nil {
		return err
	}
	var agents [2]agent.Agent
	for i, spec := range specs {
		opts := agent.Options{Seed: 2**seed + uint64(i) + 1, TableMiB: *tableMiB, Book: book}
		if agents[i], err = newAgent(ctx, "match", spec, opts, stderr); err != nil {
			return err
		}
		defer external.Close(agents[i])
	}
	labels := agent.Labels(agents[0], agents[1])
	from := "the empty board"
	if *opening != "" {
		from = "opening " + *opening
	}
	fmt.Fprintf(stdout, "%s v %s, %s from %s, seed %d\n", labels[0], labels[1], english.Plural(*games, "game"), from, *seed)
	tallies, played, err := agent.Match(ctx, *opening, agents, *games, agent.MatchOptions{Strict: *strict, Done: func(game, first int, rec agent.Record) {
		if rec.Failure != nil {
			fmt.Fprintf(stderr, "match: game %d: %s\n", game, agent.Outcome(labels, first, rec))
		}
		if *moves {
			fmt.Fprintf(stdout, "game %d: %s first, %s: %s\n", game, labels[first], agent.Outcome(labels, first, rec), rec.Game)
		}
	}})
	if err != nil && ctx.Err() == nil {
		return fmt.Errorf("match: %w", err)
	}
	if played < *games {
		fmt.Fprintf(stdout, "interrupted after %s\n", english.Plural(played, "game"))
	}
	if err := agent.WriteTable(stdout, tallies); err != nil {
		return err
	}
	return context.Cause(ctx)
}

// openingPosition checks the move string of an --opening flag: a
// position where the game goes on.
func openingPosition(cmd, moves string) error {
	if err := agent.CheckStart(moves); err != nil {
		return usageErrorf(cmd, "--opening %s: %v", posfile.Quote(moves), err)
	}
	return nil
}
