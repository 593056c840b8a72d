// This file draws and labels a set.

package evalset

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/eval"
	"github.com/fourgen/fourgen/internal/randomgame"
)

// maxDrawsPerPosition bounds the random games a stage draws: this many for
// each position it keeps, before the cells are judged unfillable.
const maxDrawsPerPosition = 10_000

// buildSet draws and labels a set of perCell positions in each cell with
// seed, as the package doc describes, solving with s (which should hold
// the opening book: without it, early positions take minutes). done, if
// not nil, is called after each position kept. It stops with ctx's error.
func buildSet(ctx context.Context, s *engine.Solver, seed uint64, perCell int, done func()) (*Set, error) {
	if perCell < 1 || perCell > maxPerCell {
		return nil, fmt.Errorf("%d positions a cell: want 1 to %d", perCell, maxPerCell)
	}
	set := &Set{Seed: seed, PerCell: perCell}
	all := cells()
	byCell := make(map[cell][]eval.Position, len(all))
	for stage := range 3 {
		if err := drawStage(ctx, s, seed, stage, perCell, byCell, done); err != nil {
			return nil, err
		}
	}
	for _, c := range all {
		set.Positions = append(set.Positions, byCell[c]...)
	}
	return set, nil
}

// drawStage draws the positions of stage's cells into byCell, until each
// holds perCell.
func drawStage(ctx context.Context, s *engine.Solver, seed uint64, stage, perCell int, byCell map[cell][]eval.Position, done func()) error {
	open := 0 // the stage's cells not yet full
	for _, c := range cells() {
		if c.stage == stage {
			open++
		}
	}
	lo, hi := stones(stage)
	rng := rand.New(rand.NewPCG(seed, uint64(stage)))
	seen := make(map[board.Bits]bool)
	for draws := 0; open > 0; draws++ {
		if draws == maxDrawsPerPosition*perCell {
			return fmt.Errorf("stage %d: %d positions drawn did not fill its cells", stage+1, draws)
		}
		moves, p, ok, err := drawPosition(ctx, rng, lo+rng.IntN(hi-lo+1), seen)
		if err != nil {
			return err
		}
		if !ok {
			continue
		}
		score, err := s.Solve(ctx, p)
		if err != nil {
			return fmt.Errorf("%s: %w", moves, err)
		}
		var c cell
		c.stage, c.difficulty = eval.Cell(p.Moves(), score)
		if len(byCell[c]) == perCell {
			continue
		}
		scores, err := s.Analyze(ctx, p)
		if err != nil {
			return fmt.Errorf("%s: %w", moves, err)
		}
		byCell[c] = append(byCell[c], eval.Position{Moves: moves, Pos: p, Scores: &scores})
		if len(byCell[c]) == perCell {
			open--
		}
		if done != nil {
			done()
		}
	}
	return nil
}

// maxGames bounds the random games drawPosition plays for one position.
const maxGames = 10_000

// drawPosition plays random games of the given stones until one ends in a
// position that is new (nor its mirror in seen, where it adds it), where
// no four is made, the side to move cannot win at once and does not lose
// to the opponent's next stone. Drawing the
// stones once for all the games, rather than for each, keeps the stones
// of the positions uniform: late positions, which random games seldom
// reach alive, come as often as early ones. ok is false when maxGames
// games found none (all the positions of so few stones are seen, say).
func drawPosition(ctx context.Context, rng *rand.Rand, stones int, seen map[board.Bits]bool) (moves string, p board.Position, ok bool, err error) {
	for range maxGames {
		cols, p, ok := randomgame.Play(rng, stones)
		if ok && !p.CanWinNow() && !lostNow(p) && !seen[p.CanonicalKey()] {
			seen[p.CanonicalKey()] = true
			return board.MoveString(cols), p, true, nil
		}
		if err := ctx.Err(); err != nil {
			return "", p, false, err
		}
	}
	return "", board.Position{}, false, nil
}

// lostNow reports whether every move of p lets the opponent make four at
// once: p is lost to the opponent's next stone.
func lostNow(p board.Position) bool {
	for col := range board.Width {
		if p.CanPlay(col) {
			q := p
			q.Play(col)
			if !q.CanWinNow() {
				return false
			}
		}
	}
	return true
}
