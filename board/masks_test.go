package board

import (
	"slices"
	"testing"
)

// TestMasksMatchGeom holds every generated constant and table to its
// definition in internal/geom.
func TestMasksMatchGeom(t *testing.T) {
	g := refGeom
	if Width != g.Width || Height != g.Height || Cells != g.Cells() || ColumnBits != g.ColumnBits() {
		t.Fatalf("engine is %d×%d (%d cells, %d bits a column), geom %d×%d (%d, %d)",
			Width, Height, Cells, ColumnBits, g.Width, g.Height, g.Cells(), g.ColumnBits())
	}
	for _, m := range []struct {
		name      string
		got, want uint64
	}{
		{"BottomMask", BottomMask, g.BottomMask()},
		{"BoardMask", BoardMask, g.BoardMask()},
		{"GuardMask", GuardMask, g.GuardMask()},
		{"OddRowsMask", OddRowsMask, g.OddRowsMask()},
		{"EvenRowsMask", EvenRowsMask, g.EvenRowsMask()},
	} {
		if m.got != m.want {
			t.Errorf("%s = %#016x, want %#016x", m.name, m.got, m.want)
		}
	}

	if len(columnMask) != g.Width {
		t.Errorf("columnMask has %d entries, want %d", len(columnMask), g.Width)
	}
	for col, m := range columnMask {
		if want := g.ColumnMask(col); m != want {
			t.Errorf("columnMask[%d] = %#016x, want %#016x", col, m, want)
		}
	}
	if len(rowMask) != g.Height {
		t.Errorf("rowMask has %d entries, want %d", len(rowMask), g.Height)
	}
	for row, m := range rowMask {
		if want := g.RowMask(row); m != want {
			t.Errorf("rowMask[%d] = %#016x, want %#016x", row, m, want)
		}
	}

	classes, _ := g.PriorityClasses()
	if !slices.Equal(priorityClass[:], classes) {
		t.Errorf("priorityClass = %#x, want %#x", priorityClass, classes)
	}

	lines := g.Lines()
	if numLines != len(lines) { // lineMask is a [numLines]uint64
		t.Fatalf("numLines = %d, want %d", numLines, len(lines))
	}
	for i, l := range lines {
		if want := g.LineMask(l); lineMask[i] != want {
			t.Errorf("lineMask[%d] = %#016x, want %#016x (%v)", i, lineMask[i], want, l)
		}
	}

	through := g.LinesThrough()
	if len(linesThrough) != len(through) {
		t.Fatalf("linesThrough has %d entries, want one per bit (%d)", len(linesThrough), len(through))
	}
	for b, idx := range linesThrough {
		got := make([]int, len(idx))
		for i, v := range idx {
			got[i] = int(v)
		}
		if !slices.Equal(got, through[b]) {
			t.Errorf("linesThrough[%d] = %v, want %v", b, got, through[b])
		}
	}
}
