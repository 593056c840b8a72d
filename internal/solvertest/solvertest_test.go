package solvertest

import (
	"math/rand/v2"
	"testing"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/movetest"
	"github.com/fourgen/fourgen/internal/reftest"
)

// TestNew checks that New's solver solves, searching some nodes: the
// position after 44535, or on a board of more cells than 7×6 random games
// of quiet moves to 20 empty cells (quick to solve there) until one takes
// a search.
func TestNew(t *testing.T) {
	if board.Cells <= reftest.ClassicWidth*reftest.ClassicHeight {
		p, err := board.Parse(movetest.Fixture("44535"))
		if err != nil {
			t.Fatal(err)
		}
		s := New(t, 1)
		if _, err := s.Solve(t.Context(), p); err != nil {
			t.Fatalf("Solve(44535) = %v", err)
		}
		if s.Stats().Nodes == 0 {
			t.Error("the solver searched no node")
		}
		return
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20 {
		_, p, _ := movetest.QuietGame(rng, 20)
		s := New(t, 1)
		if _, err := s.Solve(t.Context(), p); err != nil {
			t.Fatalf("Solve(%s) = %v", p.String(), err)
		}
		if s.Stats().Nodes > 0 {
			return
		}
	}
	t.Error("the solver searched no node in 20 positions")
}
