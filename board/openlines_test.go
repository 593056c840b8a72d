package board

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// tableOpenLines is the reference count of OpenLinesThrough: a loop over
// the lines through bit (linesThrough, which TestMasksMatchGeom holds equal
// to geom's lines), those lying within free, and of them those holding a
// stone of own.
func tableOpenLines(free, own uint64, bit int) (open, held int) {
	for _, i := range linesThrough[bit] {
		l := lineMask[i]
		if l&^free != 0 {
			continue
		}
		open++
		if l&own != 0 {
			held++
		}
	}
	return open, held
}

// checkOpenLines compares OpenLinesThrough with the reference at every cell
// of the board that lies in free.
func checkOpenLines(t *testing.T, free, own uint64) {
	t.Helper()
	starts := OpenLineStarts(free, own)
	for bit := range len(linesThrough) {
		m := uint64(1) << bit
		if m&BoardMask == 0 || m&free == 0 {
			continue
		}
		open, held := OpenLinesThrough(&starts, m)
		wantOpen, wantHeld := tableOpenLines(free, own, bit)
		if open != wantOpen || held != wantHeld {
			t.Fatalf("free %#x own %#x, cell bit %d: open %d held %d, want %d and %d", free, own, bit, open, held, wantOpen, wantHeld)
		}
	}
}

func TestOpenLinesThrough(t *testing.T) {
	full := linesThrough[bits.TrailingZeros64(Cell(Width/2, 0))]
	for _, tc := range []struct {
		name      string
		free, own uint64
		cell      uint64
		open      int
		held      int
	}{
		{"empty board, centre's bottom cell", BoardMask, 0, Cell(Width/2, 0), len(full), 0},
		{"no cell free but the cell", Cell(0, 0), 0, Cell(0, 0), 0, 0},
		{"own stone beside it", BoardMask, Cell(Width/2+1, 0), Cell(Width/2, 0), len(full), -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			starts := OpenLineStarts(tc.free, tc.own)
			open, held := OpenLinesThrough(&starts, tc.cell)
			if open != tc.open {
				t.Errorf("open %d, want %d", open, tc.open)
			}
			if tc.held >= 0 && held != tc.held {
				t.Errorf("held %d, want %d", held, tc.held)
			}
			if tc.held < 0 && (held == 0 || held >= open) {
				t.Errorf("held %d of %d open lines: want some, not all", held, open)
			}
			checkOpenLines(t, tc.free, tc.own)
		})
	}
}

func TestOpenLinesRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(90, 12))
	for i := range 20000 {
		// Sparse, even and dense sets of free cells, own stones among them.
		free := rng.Uint64() & BoardMask
		switch i % 3 {
		case 0:
			free |= rng.Uint64() & BoardMask
		case 1:
			free &= rng.Uint64()
		}
		checkOpenLines(t, free, free&rng.Uint64()&rng.Uint64())
	}
}

func FuzzOpenLines(f *testing.F) {
	f.Add(BoardMask, uint64(0))
	f.Add(BoardMask&^OddRowsMask, EvenRowsMask&Cell(Width/2, 1))
	f.Fuzz(func(t *testing.T, free, own uint64) {
		free &= BoardMask
		checkOpenLines(t, free, own&free)
	})
}
