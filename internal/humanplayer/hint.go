// This file holds a Human's hint: the score of every column, and who then
// wins with which stone.

package humanplayer

import (
	"context"
	"errors"
	"fmt"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/english"
	"github.com/fourgen/fourgen/internal/posfile"
)

// hint prints the analysis of every column of p, or why there is none
// when it takes longer than the hint timeout.
func (h *Human) hint(ctx context.Context, p board.Position) error {
	if h.solver == nil {
		s, err := engine.NewSolver(h.opts.TableMiB)
		if err != nil {
			return err
		}
		s.SetBook(h.opts.Book)
		h.solver = s
	}
	hctx, cancel := context.WithTimeout(ctx, h.opts.HintTimeout)
	defer cancel()
	scores, err := h.solver.Analyze(hctx, p)
	switch {
	case ctx.Err() != nil:
		return ctx.Err()
	case errors.Is(err, context.DeadlineExceeded):
		fmt.Fprintf(h.out, "No hint: the analysis took longer than %v\n(without a book, positions with few stones take long).\n", h.opts.HintTimeout)
		return nil
	case err != nil:
		return fmt.Errorf("hint: %w", err)
	}
	fmt.Fprintf(h.out, "analysis: %s\n", posfile.FormatScores(scores[:]))
	for col, v := range scores {
		fmt.Fprintf(h.out, "  column %d: %s\n", col+1, h.describeScore(p, v))
	}
	return nil
}

// describeScore says what playing a column of score v in p leads to.
func (h *Human) describeScore(p board.Position, v board.Score) string {
	if v == board.Invalid {
		return "full"
	}
	n := english.Ordinal(v.WinnerStones(p.Moves()))
	switch {
	case v.Outcome() == 0:
		return fmt.Sprintf("%4v  draw", v)
	case v.Outcome() > 0: // the side to move, the person, wins
		return fmt.Sprintf("%4v  you win with your %s stone from now", v, n)
	}
	return fmt.Sprintf("%4v  %s wins with its %s stone from now", v, h.opts.Opponent, n)
}
