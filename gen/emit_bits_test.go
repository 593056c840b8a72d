package main

import (
	"testing"

	oneword "github.com/fourgen/fourgen/gen/oneword"
	twowords "github.com/fourgen/fourgen/gen/twowords"
)

// TestCopiedSourcesAgreeWithGeom holds the hand-written Bits that gen
// copies to internal/geom's layout, at the sizes their packages are built
// with: the sizes themselves, and the column of every cell as geom places it.
func TestCopiedSourcesAgreeWithGeom(t *testing.T) {
	g1, g2 := mustGeom(t, oneword.Width, oneword.Height), mustGeom(t, twowords.Width, twowords.Height)
	if oneword.ColumnBits != g1.ColumnBits() || twowords.ColumnBits != g2.ColumnBits() ||
		twowords.KeyBits != g2.Bits() || twowords.LowColumns != g2.LowColumns() {
		t.Fatalf("sizes of gen/oneword or gen/twowords differ from geom's %v and %v", g1, g2)
	}
	for _, c := range g1.AllCells() {
		s := g1.SetOf(c)
		x := oneword.BitsFromWords(s[0], s[1])
		if oneword.ColumnOf(x) != c.Col || oneword.MinKey(x, oneword.NoCells) != oneword.NoCells {
			t.Errorf("oneword: cell %v: ColumnOf %d, MinKey with none %v", c, oneword.ColumnOf(x), oneword.MinKey(x, oneword.NoCells))
		}
	}
	for _, c := range g2.AllCells() {
		s := g2.SetOf(c)
		x := twowords.BitsFromWords(s[0], s[1])
		if twowords.ColumnOf(x) != c.Col || twowords.MinKey(x, twowords.NoCells) != twowords.NoCells || x.Word(0) != s[0] {
			t.Errorf("twowords: cell %v: ColumnOf %d", c, twowords.ColumnOf(x))
		}
	}
}
