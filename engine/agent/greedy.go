package agent

import (
	"context"
	"math/rand/v2"

	"github.com/fourgen/fourgen/engine/board"
)

// greedyAgent looks one move ahead: it wins at once when it can, blocks
// an immediate win of the opponent, and otherwise avoids handing the
// opponent one.
type greedyAgent struct {
	rng *rand.Rand
}

func (a *greedyAgent) Name() string { return "greedy" }

func (a *greedyAgent) Move(ctx context.Context, p board.Position) (int, error) {
	if err := playable(ctx, p); err != nil {
		return -1, err
	}
	legal := p.Legal()
	// 1. Make four.
	if wins := p.WinningMoves(); !wins.IsZero() {
		return pick(a.rng, columns(wins)), nil
	}
	// 2. Fill a cell where the opponent would make four next move. With
	// two such cells the game is lost anyway; block one of them.
	if blocks := p.OpponentWinningCells().And(legal); !blocks.IsZero() {
		return pick(a.rng, columns(blocks)), nil
	}
	// 3. With nothing to block, avoid playing directly below an opponent's
	// winning cell, which the move would make playable.
	if safe := p.NonLosingMoves(); !safe.IsZero() {
		return pick(a.rng, columns(safe)), nil
	}
	// 4. Every move loses at once: play any.
	return pick(a.rng, columns(legal)), nil
}
