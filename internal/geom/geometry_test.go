package geom

import (
	"math"
	"slices"
	"strings"
	"testing"
)

// sizes are the geometries the table-driven tests run over: the standard
// board, the smallest boards with a line, long thin boards and boards that
// use all 64 bits.
var sizes = []struct{ w, h int }{
	{7, 6}, {4, 4}, {5, 4}, {4, 5}, {6, 7}, {8, 7}, {9, 6}, {4, 1}, {1, 4}, {16, 3}, {1, 63}, {3, 10},
}

// mustNew is the w×h board of four in a row.
func mustNew(t *testing.T, w, h int) Geometry { return mustNewK(t, w, h, 4) }

// mustNewK is the w×h board on which k in a row win.
func mustNewK(t *testing.T, w, h, k int) Geometry {
	t.Helper()
	g, err := New(w, h, k)
	if err != nil {
		t.Fatalf("New(%d, %d, %d): %v", w, h, k, err)
	}
	return g
}

func TestNew(t *testing.T) {
	for _, s := range sizes {
		g := mustNew(t, s.w, s.h)
		if g.Width != s.w || g.Height != s.h {
			t.Errorf("New(%d, %d) = %d×%d", s.w, s.h, g.Width, g.Height)
		}
		if g.Bits() > 64 {
			t.Errorf("New(%d, %d) accepted a board of %d bits", s.w, s.h, g.Bits())
		}
	}
}

func TestNewErrors(t *testing.T) {
	tests := []struct {
		name string
		w, h int
		want string // part of the error message
		k    int    // 4 unless set
	}{
		{"empty", 0, 0, "no line of 4", 0},
		{"3x3", 3, 3, "no line of 4", 0},
		{"7x6, five is fine but eight is not", 7, 6, "no line of 8", 8},
		{"two in a row", 7, 6, "at least 3", 2},
		{"no line at all", 7, 6, "at least 3", -1},
		{"zero height", 7, 0, "positive", 0},
		{"zero width", 0, 6, "positive", 0},
		{"negative width", -1, 6, "positive", 0},
		{"negative height", 7, -1, "positive", 0},
		{"65 bits, 13 columns", 13, 4, "4 to 12 columns", 0},
		{"two words, 3 rows", 20, 3, "at least 4 rows", 0},
		{"129 bits", 6, 21, "more than 128", 0},
		{"columns split across words", 11, 10, "do not fit one word", 0},
		{"one column too tall", 1, 64, "more than 64", 0},
		{"one column far too tall", 1, 200, "more than 128", 0},
		{"one row too wide", 65, 1, "more than 128", 0},
		// width*(height+1) wraps to 0 in 64-bit arithmetic.
		{"overflowing width", 1 << 62, 3, "more than 128", 0},
		{"overflowing height", 4, math.MaxInt, "more than 128", 0},
		{"huge both", math.MaxInt, math.MaxInt, "more than 128", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k := tt.k
			if k == 0 {
				k = 4
			}
			g, err := New(tt.w, tt.h, k)
			if err == nil {
				t.Fatalf("New(%d, %d, %d) = %+v, want an error", tt.w, tt.h, k, g)
			}
			if !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), "geom: ") {
				t.Errorf("New(%d, %d, %d) error %q, want it to start with %q and mention %q", tt.w, tt.h, k, err, "geom: ", tt.want)
			}
		})
	}
}

func TestSizes(t *testing.T) {
	for _, s := range sizes {
		g := mustNew(t, s.w, s.h)
		if g.ColumnBits() != s.h+1 || g.Bits() != s.w*(s.h+1) || g.Cells() != s.w*s.h {
			t.Errorf("%d×%d: ColumnBits %d, Bits %d, Cells %d", s.w, s.h, g.ColumnBits(), g.Bits(), g.Cells())
		}
	}
}

func TestBitCellAtRoundTrip(t *testing.T) {
	for _, s := range sizes {
		g := mustNew(t, s.w, s.h)
		seen := make(map[int]Cell)
		for col := range s.w {
			for row := range s.h {
				c := Cell{col, row}
				if !g.Contains(c) {
					t.Errorf("%d×%d: Contains(%v) = false", s.w, s.h, c)
				}
				b := g.Bit(c)
				if b < 0 || b >= g.Bits() {
					t.Fatalf("%d×%d: Bit(%v) = %d, outside [0, %d)", s.w, s.h, c, b, g.Bits())
				}
				if other, dup := seen[b]; dup {
					t.Errorf("%d×%d: Bit(%v) = Bit(%v) = %d", s.w, s.h, c, other, b)
				}
				seen[b] = c
				if got, ok := g.CellAt(b); !ok || got != c {
					t.Errorf("%d×%d: CellAt(Bit(%v)) = %v, %v", s.w, s.h, c, got, ok)
				}
				// Column-major: a column's cells are consecutive bits, bottom first.
				if want := col*(s.h+1) + row; b != want {
					t.Errorf("%d×%d: Bit(%v) = %d, want %d", s.w, s.h, c, b, want)
				}
			}
		}
		// Every other bit, and bits outside the layout, hold no cell.
		for b := -2; b < g.Bits()+3; b++ {
			if _, isCell := seen[b]; isCell {
				continue
			}
			if c, ok := g.CellAt(b); ok {
				t.Errorf("%d×%d: CellAt(%d) = %v, want no cell", s.w, s.h, b, c)
			}
		}
		if len(seen) != g.Cells() || g.Bits()-len(seen) != s.w {
			t.Errorf("%d×%d: %d cells and %d guard bits, want %d and %d", s.w, s.h, len(seen), g.Bits()-len(seen), g.Cells(), s.w)
		}
	}
}

func TestContains(t *testing.T) {
	g := classic
	for _, c := range []Cell{{-1, 0}, {0, -1}, {7, 0}, {0, 6}, {7, 6}, {-1, -1}} {
		if g.Contains(c) {
			t.Errorf("Contains(%+v) = true", c)
		}
	}
}

func TestAllCellsMaskCellsOf(t *testing.T) {
	for _, s := range sizes {
		g := mustNew(t, s.w, s.h)
		cells := g.AllCells()
		if len(cells) != g.Cells() {
			t.Fatalf("%d×%d: AllCells has %d cells, want %d", s.w, s.h, len(cells), g.Cells())
		}
		if !slices.IsSortedFunc(cells, func(a, b Cell) int { return g.Bit(a) - g.Bit(b) }) {
			t.Errorf("%d×%d: AllCells not in bit order", s.w, s.h)
		}
		if got := g.CellsOf(g.Mask(cells...)); !slices.Equal(got, cells) {
			t.Errorf("%d×%d: CellsOf(Mask(AllCells)) = %v", s.w, s.h, got)
		}
		// CellsOf skips guard bits and bits beyond the layout.
		if got := g.CellsOf(^uint64(0)); !slices.Equal(got, cells) {
			t.Errorf("%d×%d: CellsOf(all ones) = %v", s.w, s.h, got)
		}
		for _, c := range cells {
			if m := g.Mask(c); m != 1<<g.Bit(c) {
				t.Errorf("%d×%d: Mask(%v) = %#x", s.w, s.h, c, m)
			}
		}
	}
	if got := classic.Mask(); got != 0 {
		t.Errorf("Mask() = %#x, want 0", got)
	}
}

func TestCellString(t *testing.T) {
	for _, tt := range []struct {
		c    Cell
		want string
	}{{Cell{0, 0}, "c1r1"}, {Cell{3, 2}, "c4r3"}, {Cell{6, 5}, "c7r6"}} {
		if got := tt.c.String(); got != tt.want {
			t.Errorf("%+v.String() = %q, want %q", tt.c, got, tt.want)
		}
	}
}

// classic is the 7×6 board of the classic game, the geometry most tests here
// are written for.
var classic = Geometry{Width: 7, Height: 6, InARow: 4}

func TestCentreOrder(t *testing.T) {
	for _, tt := range []struct {
		width int
		want  []int
	}{
		{4, []int{2, 1, 3, 0}},
		{5, []int{2, 1, 3, 0, 4}},
		{7, []int{3, 2, 4, 1, 5, 0, 6}},
		{8, []int{4, 3, 5, 2, 6, 1, 7, 0}},
		{9, []int{4, 3, 5, 2, 6, 1, 7, 0, 8}},
	} {
		g := mustNew(t, tt.width, 4)
		got := g.CentreOrder()
		if !slices.Equal(got, tt.want) {
			t.Errorf("width %d: CentreOrder() = %v, want %v", tt.width, got, tt.want)
		}
		// Each column is at least as far from the centre as the one before.
		for i := 1; i < len(got); i++ {
			if d := func(c int) int { return max(2*c+1-tt.width, tt.width-2*c-1) }; d(got[i]) < d(got[i-1]) {
				t.Errorf("width %d: column %d comes after the farther column %d", tt.width, got[i], got[i-1])
			}
		}
	}
}
