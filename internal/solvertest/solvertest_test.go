package solvertest

import (
	"testing"

	"github.com/fourgen/fourgen/board"
	"github.com/fourgen/fourgen/internal/movetest"
)

// TestNew checks that New's solver solves: the empty board's column 4 of
// 4453 scores as the solver says, with a table of the size asked.
func TestNew(t *testing.T) {
	s := New(t, 1)
	p, err := board.Parse(movetest.Fixture("44535"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Solve(t.Context(), p); err != nil {
		t.Fatalf("Solve(44535) = %v", err)
	}
	if s.Stats().Nodes == 0 {
		t.Error("the solver searched no node")
	}
}
