// This file plays matches: two agents in turn moving first, and each
// one's results.

package agent

import (
	"context"
	"fmt"
	"io"
	"text/tabwriter"
	"time"

	"github.com/fourgen/fourgen/internal/english"
)

// Tally is one agent's results in a [Match].
type Tally struct {
	// Label names the agent: its Name, with "(A)" or "(B)" added when both
	// agents have the same name.
	Label string
	// Results counts wins, draws and losses, indexed by [turn][result]:
	// turn 0 when the agent moved first, result 0 a win, 1 a draw, 2 a loss.
	Results [2][3]int
	// Moves counts the moves it played, and Think the time it spent
	// choosing them.
	Moves int
	Think time.Duration
	// Failures counts the games it lost by failing to move (see
	// [MatchOptions]), by how it failed; they are losses in Results too.
	Failures Failures
}

// Total returns the wins, draws and losses of either turn together.
func (t Tally) Total() [3]int {
	var total [3]int
	for _, r := range t.Results {
		for i, n := range r {
			total[i] += n
		}
	}
	return total
}

// MillisPerMove is the mean thinking time per move in milliseconds, 0
// before any move.
func (t Tally) MillisPerMove() float64 {
	if t.Moves == 0 {
		return 0
	}
	return float64(t.Think.Microseconds()) / 1000 / float64(t.Moves)
}

// record counts the game of rec, where the agent moved first (turn 0) or
// second (turn 1).
func (t *Tally) record(turn int, rec Record) {
	result := 1 // a draw
	switch rec.Winner {
	case turn:
		result = 0
	case 1 - turn:
		result = 2
	}
	t.Results[turn][result]++
	if rec.Failure != nil && rec.Failed == turn {
		t.Failures.Add(rec.Failure.Kind)
	}
	t.Moves += rec.Moves[turn]
	t.Think += rec.Think[turn]
}

// labelled is an agent named by its label in errors.
type labelled struct {
	Agent
	label string
}

func (l labelled) Name() string { return l.label }

// Labels returns the labels of agents a and b in a match: their names,
// with "(A)" and "(B)" added when they are the same.
func Labels(a, b Agent) [2]string {
	if a.Name() == b.Name() {
		return [2]string{a.Name() + "(A)", b.Name() + "(B)"}
	}
	return [2]string{a.Name(), b.Name()}
}

// MatchOptions configures a [Match].
type MatchOptions struct {
	// Strict stops the match at an agent's failure to move (a [MoveError],
	// an illegal column), as at any other error. Otherwise the agent that
	// failed loses the game (its Failures count it) and the match goes on.
	Strict bool
	// Done, if not nil, is called after each game counted with the game's
	// number (from 1), the index in the agents of the one who moved first
	// and the game's record.
	Done func(game, first int, rec Record)
}

// Match plays games games from start (a move string whose game goes on)
// between agents[0], who moves first in the 1st, 3rd, 5th, ... game, and
// agents[1], who moves first in the others.
//
// It returns each agent's [Tally] of the games counted and how many there
// were. When ctx is done it stops, the game under way not counted, and
// returns ctx's cause; another error of a game stops it too, and so does
// an agent's failure to move with opts.Strict.
func Match(ctx context.Context, start string, agents [2]Agent, games int, opts MatchOptions) ([2]Tally, int, error) {
	labels := Labels(agents[0], agents[1])
	tallies := [2]Tally{{Label: labels[0]}, {Label: labels[1]}}
	sides := [2]Agent{labelled{agents[0], labels[0]}, labelled{agents[1], labels[1]}}
	for played := 0; played < games; played++ {
		first := played % 2
		rec, err := PlayGame(ctx, start, [2]Agent{sides[first], sides[1-first]}, nil)
		switch {
		case err != nil && ctx.Err() != nil:
			return tallies, played, context.Cause(ctx)
		case err != nil && (rec.Failure == nil || opts.Strict):
			return tallies, played, fmt.Errorf("game %d: %s", played+1, gameError(rec, err))
		case err != nil:
			rec.Winner = 1 - rec.Failed
		}
		tallies[first].record(0, rec)
		tallies[1-first].record(1, rec)
		if opts.Done != nil {
			opts.Done(played+1, first, rec)
		}
	}
	return tallies, games, nil
}

// gameError is err, the error that cut the game of rec short, with the
// position where it did: its move string.
func gameError(rec Record, err error) error {
	if rec.Game == nil {
		return err
	}
	return fmt.Errorf("in %s: %w", english.Quote(rec.Game.String(), 48), err)
}

// Outcome says how a game of a match ended for the agents labelled
// labels, labels[first] having moved first: "draw", "LABEL wins" or, for
// a game lost by failing to move, "LABEL wins: OTHER failed to move in
// MOVES: why".
func Outcome(labels [2]string, first int, rec Record) string {
	if rec.Winner < 0 {
		return "draw"
	}
	won := labels[(first+rec.Winner)%2] + " wins"
	if rec.Failure == nil {
		return won
	}
	return fmt.Sprintf("%s: %s failed to move %v", won, labels[(first+rec.Failed)%2], gameError(rec, rec.Failure))
}

// WriteTable writes the tallies of a match as a table: a line for each
// agent, with its games, wins, draws and losses, those when it moved first
// and second, its mean thinking time per move and the games it lost by
// failing to move.
func WriteTable(w io.Writer, tallies [2]Tally) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "agent\tgames\twins\tdraws\tlosses\tfirst W-D-L\tsecond W-D-L\tms/move\tfailed")
	for _, t := range tallies {
		total := t.Total()
		var turns [2]string
		for turn, r := range t.Results {
			turns[turn] = fmt.Sprintf("%d-%d-%d", r[0], r[1], r[2])
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%s\t%s\t%.1f\t%s\n", t.Label, total[0]+total[1]+total[2],
			total[0], total[1], total[2], turns[0], turns[1], t.MillisPerMove(), t.Failures)
	}
	return tw.Flush()
}
