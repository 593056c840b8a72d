package agent

import (
	"context"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/board"
)

// perfectAgent plays a best move by the exact solver.
type perfectAgent struct {
	opts     Options
	tieBreak engine.TieBreak
	solver   *engine.Solver // made at the first move
}

func newPerfect(opts Options) *perfectAgent {
	return &perfectAgent{opts: opts, tieBreak: tieBreak(opts)}
}

func (a *perfectAgent) Name() string { return "perfect" }

func (a *perfectAgent) Move(ctx context.Context, p board.Position) (int, error) {
	if err := playable(ctx, p); err != nil {
		return -1, err
	}
	if a.solver == nil {
		var err error
		if a.solver, err = newSolver(a.opts); err != nil {
			return -1, err
		}
	}
	col, _, err := a.solver.BestMove(ctx, p, a.tieBreak)
	return col, err
}
