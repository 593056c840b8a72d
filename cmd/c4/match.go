package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"text/tabwriter"
	"time"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/agent"
	"github.com/fourgen/fourgen/engine/posfile"
	"github.com/fourgen/fourgen/internal/english"
)

const matchHelp = `Match plays agent A against agent B for --games games and prints a table
of results: each agent's wins, draws and losses, in all and split by
whether it moved first or second, and its mean thinking time per move.
The agents take turns to move first: A in games 1, 3, 5, ..., B in the
others.

` + agentsHelp + `
Every game starts from the position --opening (a move string; by default
the empty board), and "first" means the agent that makes the first move
from it. The agents' solver answers positions of at most 8 stones from the
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
`

// matchSide is one agent of a match, named by its label, and its record.
type matchSide struct {
	agent.Agent
	label string
	// results counts wins, draws and losses, indexed by [turn][result]:
	// turn 0 when the agent moved first, result 0 a win, 1 a draw, 2 a loss.
	results [2][3]int
	moves   int           // moves played
	think   time.Duration // time spent choosing them
}

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
	var sides [2]*matchSide
	for i, spec := range specs {
		opts := agent.Options{Seed: 2**seed + uint64(i) + 1, TableMiB: *tableMiB, Book: book}
		a, err := agent.New(spec, opts)
		if err != nil {
			return usageErrorf("match", "%v", err)
		}
		sides[i] = &matchSide{Agent: a, label: a.Name()}
	}
	if sides[0].label == sides[1].label {
		sides[0].label += "(A)"
		sides[1].label += "(B)"
	}

	from := "the empty board"
	if *opening != "" {
		from = "opening " + *opening
	}
	fmt.Fprintf(stdout, "%s v %s, %s from %s, seed %d\n", sides[0].label, sides[1].label, english.Plural(*games, "game"), from, *seed)
	played := 0
	for ; played < *games; played++ {
		order := [2]*matchSide{sides[played%2], sides[1-played%2]}
		rec, err := agent.PlayGame(ctx, *opening, [2]agent.Agent{order[0], order[1]}, nil)
		if err != nil {
			if ctx.Err() != nil {
				break
			}
			return fmt.Errorf("match: game %d: %w", played+1, err)
		}
		result := "draw"
		for i, side := range order {
			side.record(i, rec)
			if rec.Winner == i {
				result = side.label + " wins"
			}
		}
		if *moves {
			fmt.Fprintf(stdout, "game %d: %s first, %s: %s\n", played+1, order[0].label, result, rec.Game)
		}
	}
	if played < *games {
		fmt.Fprintf(stdout, "interrupted after %s\n", english.Plural(played, "game"))
	}
	if err := writeMatchTable(stdout, sides); err != nil {
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

// Name is the side's label, which names it in errors.
func (side *matchSide) Name() string { return side.label }

// record counts the game of rec, where the side moved first (turn 0) or
// second (turn 1).
func (side *matchSide) record(turn int, rec agent.Record) {
	result := 1 // a draw
	switch rec.Winner {
	case turn:
		result = 0
	case 1 - turn:
		result = 2
	}
	side.results[turn][result]++
	side.moves += rec.Moves[turn]
	side.think += rec.Think[turn]
}

// writeMatchTable writes the results of both sides as a table.
func writeMatchTable(w io.Writer, sides [2]*matchSide) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "agent\tgames\twins\tdraws\tlosses\tfirst W-D-L\tsecond W-D-L\tms/move")
	for _, side := range sides {
		var total [3]int
		var turns [2]string
		for turn, r := range side.results {
			for i, n := range r {
				total[i] += n
			}
			turns[turn] = fmt.Sprintf("%d-%d-%d", r[0], r[1], r[2])
		}
		ms := 0.0
		if side.moves > 0 {
			ms = float64(side.think.Microseconds()) / 1000 / float64(side.moves)
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%s\t%s\t%.1f\n", side.label, total[0]+total[1]+total[2],
			total[0], total[1], total[2], turns[0], turns[1], ms)
	}
	return tw.Flush()
}
