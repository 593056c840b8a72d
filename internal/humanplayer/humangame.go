// This file plays a person's game at a terminal (c4 play) to its end.

package humanplayer

import (
	"context"
	"errors"
	"fmt"

	"github.com/fourgen/fourgen/engine/agent"
	"github.com/fourgen/fourgen/engine/board"
)

// PlayAgainst plays the person's game against opponent from the start h
// was made with, the person moving when their player ([HumanOptions.Player])
// is to move. On h's output it writes each of the opponent's moves
// ("level3 plays 4."), and at the end how the game ended (with the last
// board when it was played to the end) and its move string, "game: MOVES",
// to be replayed. It returns nil when the game ended or the person ended
// it, ctx's cause when ctx is done, and a player's error otherwise.
func (h *Human) PlayAgainst(ctx context.Context, opponent agent.Agent) error {
	start := board.MoveString(h.moves[:h.opening])
	players := [2]agent.Agent{h, opponent}
	if p, _ := board.Parse(start); p.ToMove() != h.opts.Player {
		players = [2]agent.Agent{opponent, h}
	}
	rec, err := agent.PlayGame(ctx, start, players, func(player, col int) {
		h.Played(col)
		if players[player] == opponent {
			fmt.Fprintf(h.out, "%s plays %d.\n", opponent.Name(), col+1)
		}
	})
	finish := func(how string) error {
		_, err := fmt.Fprintf(h.out, "%s\ngame: %s\n", how, rec.Game)
		return err
	}
	switch end, isEnd := errors.AsType[gameEnd](err); {
	case ctx.Err() != nil:
		finish("Interrupted: game abandoned.")
		return context.Cause(ctx)
	case isEnd:
		return finish(string(end))
	case err != nil:
		return err
	}
	p := rec.Game.Position()
	fmt.Fprintf(h.out, "\n%s", h.Board(p))
	return finish(h.Result(p))
}
