package solver

import (
	"github.com/fourgen/fourgen/board"
	"github.com/fourgen/fourgen/internal/geom"

	"math/rand/v2"
	"testing"
)

// TestTableRegions checks that a position's region depends on its bottom
// regionRows rows only: positions that agree there share a region, so a
// subtree whose bottom rows are full stays in one. It also checks that the
// regions are used at all: the positions of random games spread over more
// than one.
func TestTableRegions(t *testing.T) {
	tab := mustTable(t, 64)
	if tab.regionShift == 64 {
		t.Fatalf("a 64 MiB table has a single region (%d buckets)", len(tab.buckets))
	}
	rng := rand.New(rand.NewPCG(8, 8))
	byBottom := map[[board.Width][regionRows]int]uint64{} // bottom cells -> region
	regions := map[uint64]bool{}
	for range 300 {
		playRandomGame(rng, func(moves string, p board.Position, m *geom.Model) {
			// The key holds the stones as the side to move's and the
			// opponent's, so the bottom cells are told apart that way.
			var bottom [board.Width][regionRows]int
			for col := range board.Width {
				for row, owner := range m.Owner[col][:regionRows] {
					if owner != 0 && owner != p.ToMove() {
						owner = 3
					}
					bottom[col][row] = owner
				}
			}
			r := tab.region(p.Key())
			regions[r] = true
			if want, ok := byBottom[bottom]; ok && r != want {
				t.Fatalf("%q: region %d, but another position with the same bottom %d rows is in region %d", moves, r, regionRows, want)
			}
			byBottom[bottom] = r
		})
	}
	if len(regions) < 2 {
		t.Errorf("random games used %d region(s) of the table's %d", len(regions), 1<<(64-tab.regionShift))
	}
}

// TestTableNoFalseHits stores a score for each position of random games in
// a table small enough that most are evicted, and checks that every probe
// that hits returns the score stored for that very position: the region,
// the bucket and the check bits together must identify a key exactly.
func TestTableNoFalseHits(t *testing.T) {
	// The smallest table (one bucket on 7×6), one of a few regions (16 on
	// 7×6), one of many.
	for _, mib := range []int{0, 1, 64} {
		tab := mustTable(t, mib)
		rng := rand.New(rand.NewPCG(9, uint64(mib)))
		scoreOf := func(key uint64) int { return int(key*0x9E3779B97F4A7C15>>59) - 16 }
		var keys []uint64
		for range 2000 {
			playRandomGame(rng, func(_ string, p board.Position, _ *geom.Model) {
				key := p.Key()
				keys = append(keys, key)
				tab.put(key, scoreOf(key), boundExact, int(key%board.Width), 1)
			})
		}
		hits := 0
		for _, key := range keys {
			score, bound, move := tab.probe(key)
			if bound == boundNone {
				continue
			}
			hits++
			if score != scoreOf(key) || bound != boundExact || move != int(key%board.Width) {
				t.Fatalf("%d MiB: Probe(%#x) = %d, %v, %d; stored %d, exact, %d", mib, key, score, bound, move, scoreOf(key), key%board.Width)
			}
		}
		if hits == 0 {
			t.Errorf("%d MiB: no probe hit among %d stored positions", mib, len(keys))
		}
	}
}

// mustTable returns a new table of mib MiB, or fails tb.
func mustTable(tb testing.TB, mib int) *hashTable {
	tb.Helper()
	tab, err := newTable(mib)
	if err != nil {
		tb.Fatal(err)
	}
	return tab
}
