package main

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/dave/jennifer/jen"
)

// emitSizeFile emits size_gen.go: the board's size and every number the
// engine derives from it, so that no hand-written file holds them: Width,
// Height, Cells, ColumnBits, KeyBits (the table's key width) and MoveBits
// (its move field) as constants, and centreOrder, the order in which the
// search tries moves of equal promise (see size_gen.go in
// testdata/4x4.txtar).
func emitSizeFile(f *jen.File, b *board) {
	consts := []struct {
		name, doc string
		value     int
	}{
		{"Width", "Width is the number of columns.", b.Width},
		{"Height", "Height is the number of rows.", b.Height},
		{"Cells", "Cells is the number of playable cells, Width×Height.", b.Cells()},
		{"ColumnBits", "ColumnBits is the number of bits per column: the playable rows and a guard bit.", b.ColumnBits()},
		{"KeyBits", "KeyBits is the number of bits of a position's key (see Position.Key): every bit of the layout.", b.Bits()},
		{"MoveBits", "MoveBits is the number of bits that hold a 0-based column, or Width for none.", bits.Len(uint(b.Width))},
	}
	f.Comment("The board's size, as the //go:generate line in doc.go names it, and what follows from it.")
	f.Const().DefsFunc(func(g *jen.Group) {
		for _, c := range consts {
			g.Comment(c.doc)
			g.Id(c.name).Op("=").Lit(c.value)
		}
	})

	order := b.CentreOrder()
	var items []jen.Code
	var oneBased []string
	for _, col := range order {
		items = append(items, jen.Lit(col))
		oneBased = append(oneBased, fmt.Sprint(col+1))
	}
	f.Commentf("centreOrder lists the 0-based columns from the centre outwards (%s, 1-based): the", strings.Join(oneBased, " "))
	f.Comment("order in which the search tries moves of equal promise.")
	f.Var().Id("centreOrder").Op("=").Index(jen.Id("Width")).Int().Values(items...)
}
