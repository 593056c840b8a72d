package geom

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// wideSizes are boards of two words: every size of more than 64 bits in
// the published table of solved boards, the widest (12×9) and the
// tallest (4×31) boards of two words, and 12×5.
var wideSizes = []struct{ w, h int }{
	{11, 5}, {10, 6}, {9, 7}, {8, 8}, {7, 9}, {8, 9}, {6, 10}, {7, 10}, {6, 11}, {5, 12}, {6, 12}, {5, 13},
	{12, 9}, {4, 31}, {12, 5},
}

func TestSetOps(t *testing.T) {
	a, b := bitSet(3).Or(bitSet(70)), bitSet(70).Or(bitSet(127))
	if !a.Has(3) || !a.Has(70) || a.Has(4) || a.Has(-1) || a.Has(128) || a.OnesCount() != 2 {
		t.Errorf("a = %#x: Has or OnesCount wrong", a)
	}
	if got := a.And(b); got != bitSet(70) {
		t.Errorf("And = %#x", got)
	}
	if got := a.AndNot(b); got != bitSet(3) {
		t.Errorf("AndNot = %#x", got)
	}
	if got := a.Or(b).OnesCount(); got != 3 {
		t.Errorf("Or has %d bits, want 3", got)
	}
	if !(Set{}).IsZero() || a.IsZero() {
		t.Error("IsZero wrong")
	}
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "two words") {
			t.Errorf("word of a two-word set: recovered %v, want a panic naming two words", r)
		}
	}()
	_ = a.word()
}

func TestWideGeometry(t *testing.T) {
	for _, s := range wideSizes {
		g := mustNew(t, s.w, s.h)
		k := (s.w + 1) / 2
		if g.Words() != 2 || g.LowColumns() != k || g.Span() != 64+(s.w-k)*(s.h+1) {
			t.Errorf("%d×%d: Words %d, LowColumns %d, Span %d", s.w, s.h, g.Words(), g.LowColumns(), g.Span())
		}
		seen := make(map[int]Cell)
		for _, c := range g.AllCells() {
			b := g.Bit(c)
			word := 0
			if c.Col >= k {
				word = 1
			}
			if b/64 != word || b < 0 || b >= g.Span() {
				t.Fatalf("%d×%d: Bit(%v) = %d, want a bit of word %d below %d", s.w, s.h, c, b, word, g.Span())
			}
			if c.Row > 0 && b != g.Bit(Cell{c.Col, c.Row - 1})+1 {
				t.Errorf("%d×%d: %v is not one bit above the cell below it", s.w, s.h, c)
			}
			if got, ok := g.CellAt(b); !ok || got != c {
				t.Errorf("%d×%d: CellAt(Bit(%v)) = %v, %v", s.w, s.h, c, got, ok)
			}
			seen[b] = c
		}
		for b := -1; b <= 128; b++ {
			if _, isCell := seen[b]; !isCell {
				if c, ok := g.CellAt(b); ok {
					t.Errorf("%d×%d: CellAt(%d) = %v, want no cell", s.w, s.h, b, c)
				}
			}
		}
		// Board and guards tile each word's columns from its bit 0.
		all := g.BoardSet().Or(g.GuardSet())
		want := Set{1<<(k*(s.h+1)) - 1, 1<<((s.w-k)*(s.h+1)) - 1}
		if all != want || !g.BoardSet().And(g.GuardSet()).IsZero() || g.GuardSet().OnesCount() != s.w {
			t.Errorf("%d×%d: board %#x and guard %#x do not tile %#x", s.w, s.h, g.BoardSet(), g.GuardSet(), want)
		}
		if got := g.CellsOfSet(g.BoardSet()); !slices.Equal(got, g.AllCells()) {
			t.Errorf("%d×%d: CellsOfSet(BoardSet) = %v", s.w, s.h, got)
		}
		for col := range s.w {
			if c := g.ColumnSet(col); c[0] != 0 && c[1] != 0 || c.OnesCount() != s.h {
				t.Errorf("%d×%d: column %d = %#x, not %d cells of one word", s.w, s.h, col, c, s.h)
			}
		}
		var rows Set
		for row := range s.h {
			rows = rows.Or(g.RowSet(row))
		}
		if rows != g.BoardSet() || g.OddRowsSet().Or(g.EvenRowsSet()) != rows || g.BottomSet() != g.RowSet(0) {
			t.Errorf("%d×%d: rows do not make up the board", s.w, s.h)
		}
	}
}

// TestWideLines checks the line table of two-word boards: the counts per
// direction, four cells on the board for each line, and which lines cross
// words: exactly the lines across the two words' neighbouring columns.
func TestWideLines(t *testing.T) {
	for _, s := range wideSizes {
		g := mustNew(t, s.w, s.h)
		k := g.LowColumns()
		got := make(map[Direction]int)
		for _, l := range g.Lines() {
			got[l.Dir]++
			m := g.LineSet(l)
			if cells := g.CellsOfSet(m); !slices.Equal(cells, sortedCells(g, l)) {
				t.Errorf("%d×%d: LineSet(%v) holds %v", s.w, s.h, l, cells)
			}
			crosses := l.Cells[0].Col < k && l.Cells[3].Col >= k
			if both := m[0] != 0 && m[1] != 0; both != crosses {
				t.Errorf("%d×%d: %v: in both words %v, across columns %d and %d %v", s.w, s.h, l, both, k, k+1, crosses)
			}
		}
		for d, want := range map[Direction]int{
			Vertical: s.w * windows(s.h), Horizontal: s.h * windows(s.w),
			DiagonalUp: windows(s.w) * windows(s.h), DiagonalDown: windows(s.w) * windows(s.h),
		} {
			if got[d] != want {
				t.Errorf("%d×%d: %d %v lines, want %d", s.w, s.h, got[d], d, want)
			}
		}
		through := g.LinesThrough()
		for b := range through {
			if _, ok := g.CellAt(b); !ok && len(through[b]) != 0 {
				t.Errorf("%d×%d: lines through bit %d, which holds no cell", s.w, s.h, b)
			}
		}
	}
}

// sortedCells lists the line's cells in bit order.
func sortedCells(g Geometry, l Line) []Cell {
	cells := slices.Clone(l.Cells[:])
	slices.SortFunc(cells, func(a, b Cell) int { return g.Bit(a) - g.Bit(b) })
	return cells
}

// TestWideReference holds the Set predicates to runs on random sets of
// stones of two-word boards, and the uint64 API's refusal of them.
func TestWideReference(t *testing.T) {
	n := 30
	if testing.Short() {
		n = 5
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, s := range wideSizes {
		g := mustNew(t, s.w, s.h)
		board := g.BoardSet()
		for range n {
			occupied := Set{rng.Uint64(), rng.Uint64()}.And(board)
			stones := Set{rng.Uint64(), rng.Uint64()}.And(occupied)
			want := false
			for _, c := range g.AllCells() {
				want = want || runThroughSet(g, stones, c) >= 4
			}
			if got := g.HasFourSet(stones); got != want {
				t.Fatalf("%d×%d: HasFourSet(%#x) = %v, want %v", s.w, s.h, stones, got, want)
			}
			var wins Set
			for _, c := range g.CellsOfSet(board.AndNot(occupied)) {
				if runThroughSet(g, stones.Or(g.SetOf(c)), c) >= 4 {
					wins = wins.Or(g.SetOf(c))
				}
			}
			if got := g.WinningCellsSet(stones, occupied); got != wins {
				t.Fatalf("%d×%d: WinningCellsSet(%#x, %#x) = %#x, want %#x", s.w, s.h, stones, occupied, got, wins)
			}
		}
	}
	g := mustNew(t, 6, 10)
	defer func() {
		if r := recover(); r == nil {
			t.Error("BoardMask of 6×10 did not panic")
		}
	}()
	_ = g.BoardSet().word()
}

// TestWideModel plays random games and finds a drawn game on a two-word
// board: the model's stones and fours are the reference's.
func TestWideModel(t *testing.T) {
	g := mustNew(t, 6, 10)
	rng := rand.New(rand.NewPCG(5, 6))
	for range 20 {
		g.RandomGame(rng, func(cols []int, m *Model) {
			if n := m.StonesSet(1).OnesCount() + m.StonesSet(2).OnesCount(); n != len(cols) {
				t.Fatalf("%d stones after %d moves", n, len(cols))
			}
		})
	}
	cols, ok := g.DrawnGame(rng)
	if !ok || len(cols) != g.Cells() {
		t.Fatalf("DrawnGame = %d moves, %v", len(cols), ok)
	}
	if m := g.ModelOf(cols...); m.Won() || g.HasFourSet(m.StonesSet(1)) || g.HasFourSet(m.StonesSet(2)) {
		t.Error("the drawn game holds a four")
	}
}
