package agent

import (
	"context"
	"math/rand/v2"

	"github.com/fourgen/fourgen/engine/board"
)

// randomAgent plays a uniformly random legal column.
type randomAgent struct {
	rng *rand.Rand
}

func (a *randomAgent) Name() string { return "random" }

func (a *randomAgent) Move(ctx context.Context, p board.Position) (int, error) {
	if err := playable(ctx, p); err != nil {
		return -1, err
	}
	return pick(a.rng, legalColumns(p)), nil
}
