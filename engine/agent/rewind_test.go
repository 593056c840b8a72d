package agent

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/fourgen/fourgen/engine/board"
)

// stopAfter is a context whose Err is nil for its first n calls and
// context.Canceled after: a move stopped at a chosen point of its search,
// the same on every run.
type stopAfter struct {
	context.Context
	n atomic.Int64
}

func (c *stopAfter) Err() error {
	if c.n.Add(-1) < 0 {
		return context.Canceled
	}
	return nil
}

func (c *stopAfter) Deadline() (time.Time, bool) { return time.Time{}, false }

// TestStoppedMoveDrawsNothing: a seeded agent whose move is stopped and
// asked again chooses what an agent of the same seed never stopped
// chooses, move after move (Python's fourgen.evaluate and Ctrl-C slices
// rely on it).
func TestStoppedMoveDrawsNothing(t *testing.T) {
	specs := []string{"level3", "level1"}
	if _, err := New("mcts:64", Options{Seed: 1}); err == nil {
		specs = append(specs, "mcts:64")
	}
	// Late positions, which the level agents solve exactly at once on any
	// board (no book needed).
	ps := randomPositions(t, 7, 24, board.Cells-24, board.Cells-14)
	for _, spec := range specs {
		t.Run(spec, func(t *testing.T) {
			stops := 0
			for seed := uint64(1); seed <= 3; seed++ {
				calm, err := New(spec, Options{Seed: seed, TableMiB: 1})
				if err != nil {
					t.Fatal(err)
				}
				stopped, err := New(spec, Options{Seed: seed, TableMiB: 1})
				if err != nil {
					t.Fatal(err)
				}
				for i, p := range ps {
					want, err := calm.Move(context.Background(), p)
					if err != nil {
						t.Fatal(err)
					}
					// Stopped at its second look at the context: after
					// playable's, inside the search.
					ctx := &stopAfter{Context: context.Background()}
					ctx.n.Store(1)
					got, err := stopped.Move(ctx, p)
					if err != nil { // stopped: asked again
						stops++
						if got, err = stopped.Move(context.Background(), p); err != nil {
							t.Fatal(err)
						}
					}
					if got != want {
						t.Fatalf("seed %d, position %d (%s): %d after a stopped move, %d without", seed, i, p, got, want)
					}
				}
			}
			if stops == 0 {
				t.Fatal("no move was stopped; the test checks nothing")
			}
		})
	}
}
