package geom

import (
	"math/bits"
	"testing"
)

// cellsWhere is the mask of the cells that satisfy keep, built from
// coordinates alone.
func cellsWhere(g Geometry, keep func(Cell) bool) uint64 {
	var m uint64
	for col := range g.Width {
		for row := range g.Height {
			if c := (Cell{col, row}); keep(c) {
				m |= 1 << (col*(g.Height+1) + row)
			}
		}
	}
	return m
}

func TestMasks(t *testing.T) {
	for _, s := range sizes {
		g := mustNew(t, s.w, s.h)
		check := func(name string, got, want uint64) {
			t.Helper()
			if got != want {
				t.Errorf("%d×%d: %s = %#016x, want %#016x", s.w, s.h, name, got, want)
			}
		}
		check("BoardMask", g.BoardSet().word(), cellsWhere(g, func(Cell) bool { return true }))
		check("BottomMask", g.BottomSet().word(), cellsWhere(g, func(c Cell) bool { return c.Row == 0 }))
		check("OddRowsMask", g.OddRowsSet().word(), cellsWhere(g, func(c Cell) bool { return (c.Row+1)%2 == 1 }))
		check("EvenRowsMask", g.EvenRowsSet().word(), cellsWhere(g, func(c Cell) bool { return (c.Row+1)%2 == 0 }))
		for col := range s.w {
			check("ColumnMask", g.ColumnSet(col).word(), cellsWhere(g, func(c Cell) bool { return c.Col == col }))
		}
		for row := range s.h {
			check("RowMask", g.RowSet(row).word(), cellsWhere(g, func(c Cell) bool { return c.Row == row }))
		}

		// The guard bits are the bits of the layout that hold no cell.
		var guards uint64
		for b := range g.Bits() {
			if _, ok := g.CellAt(b); !ok {
				guards |= 1 << b
			}
		}
		check("GuardMask", g.GuardSet().word(), guards)
		if n := bits.OnesCount64(g.GuardSet().word()); n != s.w {
			t.Errorf("%d×%d: %d guard bits, want one per column", s.w, s.h, n)
		}
		// Board and guards fill the layout: the bottom row times the column
		// height plus guard is all ones below bit Bits().
		all := g.BoardSet().word() | g.GuardSet().word()
		if want := ^uint64(0) >> (64 - g.Bits()); all != want || g.BoardSet().word()&g.GuardSet().word() != 0 {
			t.Errorf("%d×%d: board %#x and guard %#x do not tile the %d-bit layout", s.w, s.h, g.BoardSet().word(), g.GuardSet().word(), g.Bits())
		}
		// Shifting each column's guard bit up by one lands on the next
		// column's bottom cell: the property the engine's shifts rely on.
		check("GuardMask<<1", g.GuardSet().word()<<1&g.BoardSet().word(), g.BottomSet().word()&^g.ColumnSet(0).word())
	}
}

func TestPriorityClasses(t *testing.T) {
	for _, s := range sizes {
		g := mustNew(t, s.w, s.h)
		sets, counts := g.PriorityClassSets()
		var masks []uint64
		for _, set := range sets {
			masks = append(masks, set.word())
		}
		if len(masks) != len(counts) || len(masks) == 0 {
			t.Fatalf("%d×%d: %d masks and %d counts", s.w, s.h, len(masks), len(counts))
		}
		var union uint64
		for i, m := range masks {
			if m == 0 {
				t.Errorf("%d×%d: class %d is empty", s.w, s.h, i)
			}
			if union&m != 0 {
				t.Errorf("%d×%d: class %d (%#x) overlaps an earlier class", s.w, s.h, i, m)
			}
			union |= m
			if i > 0 && counts[i] >= counts[i-1] {
				t.Errorf("%d×%d: line counts %v not strictly decreasing", s.w, s.h, counts)
			}
			for _, c := range g.CellsOf(m) {
				if n := linesThroughCount(g, c); n != counts[i] {
					t.Errorf("%d×%d: %v in class %d (%d lines) has %d lines through it", s.w, s.h, c, i, counts[i], n)
				}
			}
		}
		if union != g.BoardSet().word() {
			t.Errorf("%d×%d: classes cover %#x, want the board %#x", s.w, s.h, union, g.BoardSet().word())
		}
	}
}
