package geom

import (
	"math/rand/v2"
	"testing"
)

// runThrough is the length of the longest run of stones through cell c,
// counted by walking outwards from c in each of the four directions: a
// second, independent way to find a line of four.
func runThrough(g Geometry, stones uint64, c Cell) int { return runThroughSet(g, Set{stones}, c) }

// runThroughSet is runThrough of a set of stones.
func runThroughSet(g Geometry, stones Set, c Cell) int {
	has := func(c Cell) bool { return g.Contains(c) && !stones.And(g.SetOf(c)).IsZero() }
	if !has(c) {
		return 0
	}
	longest := 0
	for _, step := range [][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}} {
		n := 1
		for _, sign := range []int{1, -1} {
			for k := 1; has(Cell{c.Col + sign*k*step[0], c.Row + sign*k*step[1]}); k++ {
				n++
			}
		}
		longest = max(longest, n)
	}
	return longest
}

func hasFourByRuns(g Geometry, stones uint64) bool {
	for _, c := range g.AllCells() {
		if runThrough(g, stones, c) >= 4 {
			return true
		}
	}
	return false
}

func TestHasFourEachLine(t *testing.T) {
	for _, g := range []Geometry{classic, mustNew(t, 5, 4), mustNew(t, 4, 1), mustNew(t, 1, 4)} {
		for _, l := range g.Lines() {
			m := g.LineMask(l)
			if !g.HasFour(m) {
				t.Errorf("%d×%d: HasFour(%v) = false", g.Width, g.Height, l)
			}
			for _, c := range l.Cells {
				three := m &^ g.Mask(c)
				if g.HasFour(three) {
					t.Errorf("%d×%d: HasFour(%v without %v) = true", g.Width, g.Height, l, c)
				}
				if !g.CompletesFour(three, c) {
					t.Errorf("%d×%d: CompletesFour(%v without %v, %v) = false", g.Width, g.Height, l, c, c)
				}
				if w := g.WinningCells(three, three); w&g.Mask(c) == 0 {
					t.Errorf("%d×%d: WinningCells(%v without %v) = %v, misses it", g.Width, g.Height, l, c, g.CellsOf(w))
				}
				// An occupied cell is never a winning cell.
				if w := g.WinningCells(three, m); w&g.Mask(c) != 0 {
					t.Errorf("%d×%d: WinningCells counts the occupied %v", g.Width, g.Height, c)
				}
			}
		}
	}
}

// TestReferenceExhaustive4x4 checks HasFour against runs on every set of
// stones of the 4×4 board, and the per-cell predicates (16 times dearer) on
// every seventh set.
func TestReferenceExhaustive4x4(t *testing.T) {
	g := mustNew(t, 4, 4)
	cells := g.AllCells()
	step := 7
	if testing.Short() {
		step = 61
	}
	for sub := range 1 << len(cells) {
		var stones uint64
		for i, c := range cells {
			if sub>>i&1 == 1 {
				stones |= g.Mask(c)
			}
		}
		if got, want := g.HasFour(stones), hasFourByRuns(g, stones); got != want {
			t.Fatalf("HasFour(%v) = %v, want %v", g.CellsOf(stones), got, want)
		}
		if sub%step != 0 {
			continue
		}
		var want uint64
		for _, c := range cells {
			completes := runThrough(g, stones|g.Mask(c), c) >= 4
			if got := g.CompletesFour(stones, c); got != completes {
				t.Fatalf("CompletesFour(%v, %v) = %v, want %v", g.CellsOf(stones), c, got, completes)
			}
			if completes && stones&g.Mask(c) == 0 {
				want |= g.Mask(c)
			}
		}
		if got := g.WinningCells(stones, stones); got != want {
			t.Fatalf("WinningCells(%v) = %v, want %v", g.CellsOf(stones), g.CellsOf(got), g.CellsOf(want))
		}
	}
}

func TestReferenceRandom(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 30
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, g := range []Geometry{classic, mustNew(t, 8, 7), mustNew(t, 16, 3)} {
		for range n {
			occupied := rng.Uint64() & g.BoardSet().word()
			stones := rng.Uint64() & occupied
			if got, want := g.HasFour(stones), hasFourByRuns(g, stones); got != want {
				t.Fatalf("%d×%d: HasFour(%#x) = %v, want %v", g.Width, g.Height, stones, got, want)
			}
			var want uint64
			for _, c := range g.CellsOf(g.BoardSet().word() &^ occupied) {
				if runThrough(g, stones|g.Mask(c), c) >= 4 {
					want |= g.Mask(c)
				}
			}
			if got := g.WinningCells(stones, occupied); got != want {
				t.Fatalf("%d×%d: WinningCells(%#x, %#x) = %#x, want %#x", g.Width, g.Height, stones, occupied, got, want)
			}
		}
	}
}
