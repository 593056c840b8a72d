package board

import (
	"math/rand/v2"
	"testing"
)

// tableOpenLines is the reference count of OpenLinesThrough: a loop over
// the lines through bit (linesThrough, which TestMasksMatchGeom holds equal
// to geom's lines), those lying within free, and of them those holding a
// stone of own.
func tableOpenLines(free, own Bits, bit int) (open, held int) {
	for _, i := range linesThrough[bit] {
		l := lineMask[i]
		if !l.AndNot(free).IsZero() {
			continue
		}
		open++
		if !l.And(own).IsZero() {
			held++
		}
	}
	return open, held
}

// checkOpenLines compares OpenLinesThrough with the reference at every cell
// of the board that lies in free.
func checkOpenLines(t *testing.T, free, own Bits) {
	t.Helper()
	starts := OpenLineStarts(free, own)
	for bit := range len(linesThrough) {
		m := bitOf(bit)
		if m.And(BoardMask).IsZero() || m.And(free).IsZero() {
			continue
		}
		open, held := OpenLinesThrough(&starts, m)
		wantOpen, wantHeld := tableOpenLines(free, own, bit)
		if open != wantOpen || held != wantHeld {
			t.Fatalf("free %s own %s, cell bit %d: open %d held %d, want %d and %d", free.Hex(), own.Hex(), bit, open, held, wantOpen, wantHeld)
		}
	}
}

func TestOpenLinesThrough(t *testing.T) {
	full := linesThrough[Cell(Width/2, 0).TrailingZeros()]
	for _, tc := range []struct {
		name      string
		free, own Bits
		cell      Bits
		open      int
		held      int
	}{
		{"empty board, centre's bottom cell", BoardMask, NoCells, Cell(Width/2, 0), len(full), 0},
		{"no cell free but the cell", Cell(0, 0), NoCells, Cell(0, 0), 0, 0},
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
		free := randomBits(rng).And(BoardMask)
		switch i % 3 {
		case 0:
			free = free.Or(randomBits(rng).And(BoardMask))
		case 1:
			free = free.And(randomBits(rng))
		}
		checkOpenLines(t, free, free.And(randomBits(rng)).And(randomBits(rng)))
	}
}

func FuzzOpenLines(f *testing.F) {
	// The seeds are words of the board of one word (see fuzzBits).
	f.Add(BoardMask.Word(0), uint64(0))
	f.Add(BoardMask.AndNot(OddRowsMask).Word(0), EvenRowsMask.And(Cell(Width/2, 1)).Word(0))
	f.Fuzz(func(t *testing.T, freeWord, ownWord uint64) {
		free := fuzzBits(freeWord).And(BoardMask)
		checkOpenLines(t, free, fuzzBits(ownWord).And(free))
	})
}
