package agent

import (
	"context"
	"math/rand/v2"
	"strconv"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/board"
)

// ExactFrom is the number of stones from which the level agents find their
// best move with the exact solver; on earlier positions (without a book
// that covers them) they use the lookahead search, because an exact
// analysis there takes seconds to minutes.
const ExactFrom = 12

// bookReach is how many stones before a book's own the solver still
// answers quickly, reaching the book within a few plies.
const bookReach = 4

// levelAgent plays the best move with the probability of its level and
// otherwise a random safe one.
type levelAgent struct {
	level    int // 1 to Levels
	opts     Options
	rng      *rand.Rand
	src      *rand.PCG // rng's, rewound by a failed move
	tieBreak engine.TieBreak
	solver   *engine.Solver // made at the first exact analysis
}

func newLevel(level int, opts Options) *levelAgent {
	rng, src := newRewindable(opts.Seed)
	return &levelAgent{level: level, opts: opts, rng: rng, src: src, tieBreak: tieBreak(opts)}
}

func (a *levelAgent) Name() string { return "level" + strconv.Itoa(a.level) }

func (a *levelAgent) Move(ctx context.Context, p board.Position) (int, error) {
	return rewound(ctx, p, a.src, a.move)
}

// move is Move's choice, drawing from a.rng.
func (a *levelAgent) move(ctx context.Context, p board.Position) (int, error) {
	if err := playable(ctx, p); err != nil {
		return -1, err
	}
	// Draw first, so that a random move costs no search.
	if a.rng.Float64() >= bestChance[a.level-1] {
		if safe := safeColumns(p); len(safe) > 0 {
			return pick(a.rng, safe), nil
		}
		return pick(a.rng, legalColumns(p)), nil
	}
	var scores [board.Width]board.Score
	var err error
	if a.exact(p) {
		if a.solver == nil {
			if a.solver, err = newSolver(a.opts); err != nil {
				return -1, err
			}
		}
		scores, err = a.solver.Analyze(ctx, p)
	} else {
		scores, err = lookahead(ctx, p, lookaheadPlies)
	}
	if err != nil {
		return -1, err
	}
	col, _, err := a.tieBreak.Choose(scores)
	return col, err
}

// exact reports whether the agent analyses p with the exact solver.
func (a *levelAgent) exact(p board.Position) bool {
	if p.Moves() >= ExactFrom {
		return true
	}
	b := a.opts.Book
	return b != nil && p.Moves() < b.Plies() && p.Moves() >= b.Plies()-bookReach
}
