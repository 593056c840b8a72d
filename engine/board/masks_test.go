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
		got, want Bits
	}{
		{"BottomMask", BottomMask, fromSet(g.BottomSet())},
		{"BoardMask", BoardMask, fromSet(g.BoardSet())},
		{"GuardMask", GuardMask, fromSet(g.GuardSet())},
		{"OddRowsMask", OddRowsMask, fromSet(g.OddRowsSet())},
		{"EvenRowsMask", EvenRowsMask, fromSet(g.EvenRowsSet())},
	} {
		if m.got != m.want {
			t.Errorf("%s = %s, want %s", m.name, m.got.Hex(), m.want.Hex())
		}
	}

	if len(columnMask) != g.Width {
		t.Errorf("columnMask has %d entries, want %d", len(columnMask), g.Width)
	}
	for col, m := range columnMask {
		if want := fromSet(g.ColumnSet(col)); m != want {
			t.Errorf("columnMask[%d] = %s, want %s", col, m.Hex(), want.Hex())
		}
	}
	if len(rowMask) != g.Height {
		t.Errorf("rowMask has %d entries, want %d", len(rowMask), g.Height)
	}
	for row, m := range rowMask {
		if want := fromSet(g.RowSet(row)); m != want {
			t.Errorf("rowMask[%d] = %s, want %s", row, m.Hex(), want.Hex())
		}
	}

	classSets, _ := g.PriorityClassSets()
	var classes []Bits
	for _, c := range classSets {
		classes = append(classes, fromSet(c))
	}
	if !slices.Equal(priorityClass[:], classes) {
		t.Errorf("priorityClass = %#x, want %#x", priorityClass, classes)
	}

	lines := g.Lines()
	if numLines != len(lines) { // lineMask is a [numLines]Bits
		t.Fatalf("numLines = %d, want %d", numLines, len(lines))
	}
	for i, l := range lines {
		if want := fromSet(g.LineSet(l)); lineMask[i] != want {
			t.Errorf("lineMask[%d] = %s, want %s (%v)", i, lineMask[i].Hex(), want.Hex(), l)
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
