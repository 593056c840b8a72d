package dataset

import (
	"context"
	"fmt"
	"testing"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/openingbook"
)

// BenchmarkLabel labels random positions of 12, 20 and 30 stones with one
// solver and the embedded book, as one worker of c4 dataset does: one op
// is one position; positions/s is per core.
func BenchmarkLabel(b *testing.B) {
	book, err := openingbook.Book()
	if err != nil {
		b.Fatal(err)
	}
	for _, ply := range []int{12, 20, 30} {
		b.Run(fmt.Sprintf("stones=%d", ply), func(b *testing.B) {
			positions, err := Positions(Spec{Count: 1000, MinPly: ply, MaxPly: ply, Seed: 1})
			if err != nil {
				b.Fatal(err)
			}
			s := engine.NewSolver(engine.DefaultTableMiB)
			s.SetBook(book)
			n := 0
			for b.Loop() {
				if _, err := Label(context.Background(), s, int64(n), positions[n%len(positions)]); err != nil {
					b.Fatal(err)
				}
				n++
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "positions/s")
		})
	}
}

// BenchmarkPositions draws the positions of a dataset (the step every
// shard repeats before labelling): one op is 10,000 positions.
func BenchmarkPositions(b *testing.B) {
	for b.Loop() {
		if _, err := Positions(Spec{Count: 10_000, MinPly: 12, MaxPly: 41, Seed: 1}); err != nil {
			b.Fatal(err)
		}
	}
}
