package dataset

import (
	"context"
	"fmt"
	"testing"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/engine/openingbook"
	"github.com/fourgen/fourgen/internal/solvertest"
)

// BenchmarkLabel labels random positions of 12, 20 and 30 stones (of the
// 42 cells of 7×6; in proportion on other boards) with one solver and the
// embedded book where it applies, as one worker of c4 dataset does (the
// table kept from one position to the next, never two visits of one
// position): one op is one position; positions/s is per core.
func BenchmarkLabel(b *testing.B) {
	var book *engine.Book
	if openingbook.Applies() {
		var err error
		if book, err = openingbook.Book(); err != nil {
			b.Fatal(err)
		}
	}
	for _, ply := range []int{fewestStones(), board.Cells * 10 / 21, board.Cells * 5 / 7} {
		b.Run(fmt.Sprintf("stones=%d", ply), func(b *testing.B) {
			positions, err := samplePositions(Spec{Count: 1000, MinPly: ply, MaxPly: ply, Seed: 1})
			if err != nil {
				b.Fatal(err)
			}
			s := solvertest.New(b, engine.DefaultTableMiB)
			s.SetBook(book)
			n := 0
			for b.Loop() {
				if n > 0 && n%len(positions) == 0 {
					// Around again: forget the answers, as a real run,
					// which never labels a position twice, has none.
					b.StopTimer()
					s.Reset()
					b.StartTimer()
				}
				if _, err := labelPosition(context.Background(), s, int64(n), positions[n%len(positions)]); err != nil {
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
		if _, err := samplePositions(Spec{Count: 10_000, MinPly: fewestStones(), MaxPly: maxPly, Seed: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

// fewestStones is the fewest stones of the benchmarks' positions: 12 of
// the 42 cells of 7×6, in proportion on other boards, but at least 8, so
// that a small board has enough distinct positions.
func fewestStones() int { return max(8, board.Cells*2/7) }
