package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/fourgen/fourgen/agent"
	"github.com/fourgen/fourgen/agent/external"
	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/internal/english"
	"github.com/fourgen/fourgen/internal/posfile"
)

const matchHelp = `Match plays agent A against agent B for --games games and prints a table
of results: each agent's wins, draws and losses, in all and split by
whether it moved first or second, and its mean thinking time per move.
The agents take turns to move first: A in games 1, 3, 5, ..., B in the
others.

` + agentsHelp + `
Every game starts from the position --opening (a move string; by default
the empty board), and "first" means the agent that makes the first move
from it. The agents' solver answers positions of at most 9 stones from the
embedded opening book, so that the perfect agent's first moves take
milliseconds; with --no-book they take minutes each from the empty board.

--seed S seeds A with 2S+1 and B with 2S+2, so that a match can be
replayed; each agent keeps its generator (and its transposition table of
--tt-mb MiB) from game to game. With --moves, each game's record, the
opening included, is printed as the game ends: paste it into c4 analyze
or c4 play --opening.
`

// agentsHelp describes the agents, for c4 help match and c4 help play.
const agentsHelp = `Agents (SPEC):
  perfect          a best move by the exact solver; among equally good
                   columns one chosen at random by the seed (centre first
                   for seed 0)
  level1..level5   (or level:N) the best move with probability 0.2, 0.4, 0.6,
                   0.8, 0.95, and otherwise a random move among those that do
                   not let the opponent make four at once. The best move
                   comes from the exact solver from 12 stones on (or within
                   4 stones before the book's), and before that from a
                   10-ply lookahead that counts each side's winning cells;
                   a move takes well under a second. Each level beats the
                   one below it most of the time; level 1 is about as
                   strong as greedy.
  random           a uniformly random legal column
  greedy           makes four if it can, else blocks the opponent's four,
                   else a random move that does not let the opponent make
                   four at once
  mcts:N           Monte-Carlo tree search with N greedy playouts a move
                   (mcts:10000 is about level 4-5, a few ms a move)
` + externalAgentsHelp

// runMatch plays two agents against each other and tabulates the results.
func runMatch(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("match", flag.ContinueOnError)
	games := fs.Int("games", 10, "play `N` games")
	seed := fs.Uint64("seed", 1, "seed `S` of the agents' random choices")
	opening := fs.String("opening", "", "start every game from `MOVES`")
	bookChoice := addBookFlags(fs)
	moves := fs.Bool("moves", false, "print each game's move string as it ends")
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
	tallies, played, err := agent.Match(ctx, *opening, agents, *games, func(game, first int, rec agent.Record) {
		if !*moves {
			return
		}
		result := "draw"
		if rec.Winner >= 0 {
			result = labels[(first+rec.Winner)%2] + " wins"
		}
		fmt.Fprintf(stdout, "game %d: %s first, %s: %s\n", game, labels[first], result, rec.Game)
	})
	if err != nil && ctx.Err() == nil {
		return fmt.Errorf("match: %w", err)
	}
	if played < *games {
		fmt.Fprintf(stdout, "interrupted after %s\n", english.Plural(played, "game"))
	}
	if err := writeMatchTable(stdout, tallies); err != nil {
		return err
	}
	return context.Cause(ctx)
}

// openingPosition checks the move string of an --opening flag: a
// position where the game goes on.
func openingPosition(cmd, moves string) error {
	p, err := engine.Parse(moves)
	if err != nil {
		return usageErrorf(cmd, "--opening %s: %v", posfile.Quote(moves), err)
	}
	if p.IsWon() || p.IsFull() {
		return usageErrorf(cmd, "--opening %s: the game is already over", posfile.Quote(moves))
	}
	return nil
}

// writeMatchTable writes the results of both sides as a table.
func writeMatchTable(w io.Writer, tallies [2]agent.Tally) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "agent\tgames\twins\tdraws\tlosses\tfirst W-D-L\tsecond W-D-L\tms/move")
	for _, t := range tallies {
		total := t.Total()
		var turns [2]string
		for turn, r := range t.Results {
			turns[turn] = fmt.Sprintf("%d-%d-%d", r[0], r[1], r[2])
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%s\t%s\t%.1f\n", t.Label, total[0]+total[1]+total[2],
			total[0], total[1], total[2], turns[0], turns[1], t.MillisPerMove())
	}
	return tw.Flush()
}
