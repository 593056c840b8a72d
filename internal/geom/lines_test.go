package geom

import (
	"slices"
	"testing"
)

// windows is the number of runs of four in a run of n cells.
func windows(n int) int { return windowsOf(n, 4) }

// windowsOf is the number of runs of k in a run of n cells.
func windowsOf(n, k int) int { return max(0, n-k+1) }

// TestLineCountsK counts the lines of k in a row on boards of every k
// they hold, each line k cells long: W columns of H cells give
// W·(H−k+1) vertical lines, and so on.
func TestLineCountsK(t *testing.T) {
	for _, s := range []struct{ w, h int }{{4, 4}, {5, 4}, {4, 5}, {7, 6}, {9, 7}, {12, 4}} {
		for k := 3; k <= max(s.w, s.h); k++ {
			g := mustNewK(t, s.w, s.h, k)
			want := map[Direction]int{
				Vertical:     s.w * windowsOf(s.h, k),
				Horizontal:   s.h * windowsOf(s.w, k),
				DiagonalUp:   windowsOf(s.w, k) * windowsOf(s.h, k),
				DiagonalDown: windowsOf(s.w, k) * windowsOf(s.h, k),
			}
			got := make(map[Direction]int)
			for _, l := range g.Lines() {
				got[l.Dir]++
				if len(l.Cells) != k || g.LineSet(l).OnesCount() != k {
					t.Errorf("%d×%d k=%d: line %v has %d cells", s.w, s.h, k, l, len(l.Cells))
				}
			}
			for d := Vertical; d <= DiagonalDown; d++ {
				if got[d] != want[d] {
					t.Errorf("%d×%d k=%d: %d %v lines, want %d", s.w, s.h, k, got[d], d, want[d])
				}
			}
		}
	}
}

func TestLineCounts(t *testing.T) {
	// The classic board, as every Connect-4 text counts it.
	std := classic.Lines()
	byDir := make(map[Direction]int)
	for _, l := range std {
		byDir[l.Dir]++
	}
	if len(std) != 69 || byDir[Vertical] != 21 || byDir[Horizontal] != 24 || byDir[DiagonalUp]+byDir[DiagonalDown] != 24 {
		t.Errorf("7×6: %d lines (%v), want 69: 21 vertical, 24 horizontal, 24 diagonal", len(std), byDir)
	}

	// Every size: W columns of H cells give W·(H−3) vertical lines, and so on.
	for _, s := range sizes {
		g := mustNew(t, s.w, s.h)
		want := map[Direction]int{
			Vertical:     s.w * windows(s.h),
			Horizontal:   s.h * windows(s.w),
			DiagonalUp:   windows(s.w) * windows(s.h),
			DiagonalDown: windows(s.w) * windows(s.h),
		}
		got := make(map[Direction]int)
		for _, l := range g.Lines() {
			got[l.Dir]++
		}
		for d := Vertical; d <= DiagonalDown; d++ {
			if got[d] != want[d] {
				t.Errorf("%d×%d: %d %v lines, want %d", s.w, s.h, got[d], d, want[d])
			}
		}
	}
}

func TestLinesAreLines(t *testing.T) {
	steps := map[Direction][2]int{Vertical: {0, 1}, Horizontal: {1, 0}, DiagonalUp: {1, 1}, DiagonalDown: {1, -1}}
	for _, s := range sizes {
		g := mustNew(t, s.w, s.h)
		lines := g.Lines()
		seen := make(map[uint64]Line)
		for i, l := range lines {
			step, ok := steps[l.Dir]
			if !ok {
				t.Fatalf("%d×%d: line %d has direction %d", s.w, s.h, i, l.Dir)
			}
			for k, c := range l.Cells {
				if !g.Contains(c) {
					t.Errorf("%d×%d: line %d (%v) leaves the board at %v", s.w, s.h, i, l, c)
				}
				if k > 0 && (c.Col-l.Cells[k-1].Col != step[0] || c.Row-l.Cells[k-1].Row != step[1]) {
					t.Errorf("%d×%d: line %d (%v) does not run %v", s.w, s.h, i, l, l.Dir)
				}
			}
			m := g.LineMask(l)
			if n := len(g.CellsOf(m)); n != 4 {
				t.Errorf("%d×%d: LineMask(%v) = %#x holds %d cells", s.w, s.h, l, m, n)
			}
			if m&g.BoardSet().word() != m {
				t.Errorf("%d×%d: LineMask(%v) = %#x leaves the board", s.w, s.h, l, m)
			}
			if other, dup := seen[m]; dup {
				t.Errorf("%d×%d: lines %v and %v are the same cells", s.w, s.h, other, l)
			}
			seen[m] = l
			// Grouped by direction, then by first cell in bit order.
			if i > 0 {
				prev := lines[i-1]
				if prev.Dir > l.Dir || prev.Dir == l.Dir && g.Bit(prev.Cells[0]) >= g.Bit(l.Cells[0]) {
					t.Errorf("%d×%d: line %d (%v) is listed after %v", s.w, s.h, i, l, prev)
				}
			}
		}
	}
}

// linesThroughCount counts the lines of four through cell c by arithmetic on
// its coordinates, independently of [Geometry.Lines]: a line in direction
// (dc, dr) through c starts k cells before it, for k = 0..3, and fits if its
// first and last cells are on the board.
func linesThroughCount(g Geometry, c Cell) int {
	n := 0
	for _, step := range [][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}} {
		for k := range 4 {
			first := Cell{c.Col - k*step[0], c.Row - k*step[1]}
			last := Cell{first.Col + 3*step[0], first.Row + 3*step[1]}
			if g.Contains(first) && g.Contains(last) {
				n++
			}
		}
	}
	return n
}

func TestLinesThrough(t *testing.T) {
	for _, s := range sizes {
		g := mustNew(t, s.w, s.h)
		lines := g.Lines()
		through := g.LinesThrough()
		if len(through) != g.Bits() {
			t.Fatalf("%d×%d: LinesThrough has %d entries, want one per bit (%d)", s.w, s.h, len(through), g.Bits())
		}
		for b, idx := range through {
			c, isCell := g.CellAt(b)
			if !isCell {
				if len(idx) != 0 {
					t.Errorf("%d×%d: guard bit %d has lines %v", s.w, s.h, b, idx)
				}
				continue
			}
			var want []int
			for i, l := range lines {
				if slices.Contains(l.Cells[:], c) {
					want = append(want, i)
				}
			}
			if !slices.Equal(idx, want) {
				t.Errorf("%d×%d: LinesThrough[%d] (%v) = %v, want %v", s.w, s.h, b, c, idx, want)
			}
			if n := linesThroughCount(g, c); len(idx) != n {
				t.Errorf("%d×%d: %d lines through %v, want %d", s.w, s.h, len(idx), c, n)
			}
		}
	}
	// The centre of the classic board lies on the most lines.
	g := classic
	if n := len(g.LinesThrough()[g.Bit(Cell{3, 2})]); n != linesThroughCount(g, Cell{3, 2}) || n != 13 {
		t.Errorf("%d lines through c4r3, want 13", n)
	}
}

func TestLineStrings(t *testing.T) {
	g := classic
	lines := g.Lines()
	for _, tt := range []struct {
		i    int
		want string
	}{
		{0, "vertical c1r1-c1r4"},
		{21, "horizontal c1r1-c4r1"},
		{45, "diagonal / c1r1-c4r4"},
		{68, "diagonal \\ c4r6-c7r3"},
	} {
		if got := lines[tt.i].String(); got != tt.want {
			t.Errorf("line %d = %q, want %q", tt.i, got, tt.want)
		}
	}
}

// TestStep holds Step to the lines: the layout offsets (col×ColumnBits+row,
// the bit itself on a board of one word) of neighbouring cells of every
// line differ by its direction's Step.
func TestStep(t *testing.T) {
	for _, s := range append(sizes, struct{ w, h int }{10, 6}, struct{ w, h int }{6, 10}) {
		g := mustNew(t, s.w, s.h)
		offset := func(c Cell) int { return c.Col*g.ColumnBits() + c.Row }
		for _, l := range g.Lines() {
			for k := 1; k < len(l.Cells); k++ {
				if d := offset(l.Cells[k]) - offset(l.Cells[k-1]); d != g.Step(l.Dir) {
					t.Errorf("%d×%d: %v: cells %d bits apart, Step(%v) = %d", s.w, s.h, l, d, l.Dir, g.Step(l.Dir))
				}
				if g.Words() == 1 && g.Bit(l.Cells[k])-g.Bit(l.Cells[k-1]) != g.Step(l.Dir) {
					t.Errorf("%d×%d: %v: bits %d apart, Step %d", s.w, s.h, l, g.Bit(l.Cells[k])-g.Bit(l.Cells[k-1]), g.Step(l.Dir))
				}
			}
		}
	}
}
