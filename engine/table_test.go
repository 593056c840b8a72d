package engine

import (
	"github.com/fourgen/fourgen/engine/board"
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
	mib := max(64, 2*MinTableMiB) // on boards of long keys a region is as large as the smallest table
	tab := mustTable(t, mib)
	if tab.regionShift == 64 {
		t.Fatalf("a %d MiB table has a single region (%d buckets)", mib, len(tab.buckets))
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
		// mix is a number of the whole key, both words of it on a board of two.
		mix := func(key board.Bits) uint64 { lo, hi := key.Packed(); return lo ^ hi*0xC2B2AE3D27D4EB4F }
		scoreOf := func(key board.Bits) int { return int(mix(key)*0x9E3779B97F4A7C15>>59) - 16 }
		moveOf := func(key board.Bits) int { return int(mix(key) % board.Width) }
		var keys []board.Bits
		for range 2000 {
			playRandomGame(rng, func(_ string, p board.Position, _ *geom.Model) {
				key := p.Key()
				keys = append(keys, key)
				tab.put(key, scoreOf(key), boundExact, moveOf(key), 1)
			})
		}
		hits := 0
		for _, key := range keys {
			score, bound, move := tab.probe(key)
			if bound == boundNone {
				continue
			}
			hits++
			if score != scoreOf(key) || bound != boundExact || move != moveOf(key) {
				t.Fatalf("%d MiB: Probe(%s) = %d, %v, %d; stored %d, exact, %d", mib, key.Hex(), score, bound, move, scoreOf(key), moveOf(key))
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
