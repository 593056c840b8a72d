package engine

import (
	"github.com/fourgen/fourgen/engine/board"

	"context"
	"testing"
)

// benchSets are the reference sets the solver is benchmarked on, with how
// many of their positions each benchmark solves.
var benchSets = []struct {
	name, file string
	limit      int
}{
	{"L3R1", "pons/Test_L3_R1", 1000},
	{"L2R1", "pons/Test_L2_R1", 1000},
	{"L2R2", "pons/Test_L2_R2", 200},
	{"L1R1", "pons/Test_L1_R1", 200},
	{"L1R2", "pons/Test_L1_R2", 50},
	{"L1R3", "pons/Test_L1_R3", 3},
	{"n32", "positions/n32.txt", 1000},
	{"n24", "positions/n24.txt", 300},
	{"n20", "positions/n20.txt", 200},
	{"n16", "positions/n16.txt", 100},
	{"n12", "positions/n12.txt", 20},
}

// BenchmarkSolve solves each reference set with one solver whose table is
// kept across positions, as `c4 bench` does, and reports nodes and time per
// position.
func BenchmarkSolve(b *testing.B) {
	for _, set := range benchSets {
		b.Run(set.name, func(b *testing.B) {
			cases := loadRef(b, set.file, set.limit)
			positions := make([]board.Position, len(cases))
			for i, c := range cases {
				p, err := board.Parse(c.moves)
				if err != nil {
					b.Fatal(err)
				}
				positions[i] = p
			}
			s := mustSolver(b, DefaultTableMiB)
			ctx := context.Background()
			var nodes uint64
			for b.Loop() {
				s.Reset()
				for i, p := range positions {
					got, err := s.Solve(ctx, p)
					if err != nil || int(got) != cases[i].scores[0] {
						b.Fatalf("%s: got %v, %v; want %d", cases[i].moves, got, err, cases[i].scores[0])
					}
					nodes += s.Stats().Nodes
				}
			}
			per := float64(b.N * len(positions))
			b.ReportMetric(float64(nodes)/per, "nodes/pos")
			b.ReportMetric(float64(b.Elapsed().Microseconds())/per, "µs/pos")
		})
	}
}

// BenchmarkNewSolver makes the solver of an agent's move (1 MiB asked):
// on boards whose smallest table is larger (128 MiB on 10×6) its pages are
// left to be mapped on use, and making it costs microseconds, not the
// 300 ms of touching every page.
func BenchmarkNewSolver(b *testing.B) {
	for b.Loop() {
		mustSolver(b, 1)
	}
}
