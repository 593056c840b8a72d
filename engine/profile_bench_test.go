package engine

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/movetest"
)

// profileSets are the positions BenchmarkProfile solves: random games of
// that many stones, none of whose moves made four, drawn from a fixed seed.
// They stand in for Pons's positions/n12 and n16 (mid-game positions with
// no book move), which make pgo cannot count on: it runs from the
// repository alone.
var profileSets = []struct {
	name          string
	stones, count int
}{
	{"quiet12", 12, 20},
	{"quiet16", 16, 100},
}

// profilePositions draws count positions of the given stones from seed;
// the same seed always gives the same positions.
func profilePositions(tb testing.TB, seed uint64, stones, count int) []board.Position {
	tb.Helper()
	if stones >= board.Cells {
		tb.Skipf("a %d-cell board has no position of %d stones", board.Cells, stones)
	}
	rng := rand.New(rand.NewPCG(seed, uint64(stones)))
	var positions []board.Position
	for tries := 0; len(positions) < count; tries++ {
		if tries == 100*count {
			tb.Fatalf("%d random games gave %d of %d positions of %d stones without a four", tries, len(positions), count, stones)
		}
		if _, p, ok := movetest.QuietGame(rng, board.Cells-stones); ok {
			positions = append(positions, p)
		}
	}
	return positions
}

// BenchmarkProfile is the workload make pgo profiles into
// cmd/c4/default.pgo: the exact search over generated mid-game positions,
// one solver whose table is kept across them, as c4 bench solves a file.
func BenchmarkProfile(b *testing.B) {
	for _, set := range profileSets {
		b.Run(set.name, func(b *testing.B) {
			positions := profilePositions(b, 1, set.stones, set.count)
			s := mustSolver(b, DefaultTableMiB)
			ctx := context.Background()
			var nodes uint64
			for b.Loop() {
				s.Reset()
				for _, p := range positions {
					if _, err := s.Solve(ctx, p); err != nil {
						b.Fatalf("%s: %v", p, err)
					}
					nodes += s.Stats().Nodes
				}
			}
			b.ReportMetric(float64(nodes)/float64(b.N*len(positions)), "nodes/pos")
		})
	}
}
