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
// (its move field) as constants (and LowColumns on a board of two words:
// see gen/twowords), and centreOrder, the order in which the
// search tries moves of equal promise (4×4, from testdata/4x4.txtar):
//
//	const (
//		// Width is the number of columns.
//		Width = 4
//		...
//	)
//	var centreOrder = [Width]int{2, 1, 3, 0}
func emitSizeFile(f *jen.File, b *board) {
	doc(f, "size")
	consts := []constant{
		{"Width", "is the number of columns.", jen.Lit(b.Width)},
		{"Height", "is the number of rows.", jen.Lit(b.Height)},
		{"Cells", "is the number of playable cells, Width×Height.", jen.Lit(b.Cells())},
		{"ColumnBits", "is the number of bits per column: the playable rows and a guard bit.", jen.Lit(b.ColumnBits())},
		{"KeyBits", "is the number of bits of a position's key (see Position.Key): every bit of the layout.", jen.Lit(b.Bits())},
		{"MoveBits", "is the number of bits that hold a 0-based column, or Width for none.", jen.Lit(bits.Len(uint(b.Width)))},
		{"Words", "is the number of 64-bit words of Bits: 1, or 2 for a board of more than 64 bits.", jen.Lit(b.Words())},
	}
	if b.Words() == 2 {
		consts = append(consts, constant{"LowColumns", "is the number of columns in the low word of Bits, from the left; the others are in the high word.", jen.Lit(b.LowColumns())})
	}
	emitConsts(f.Const(), nil, consts)

	var items []jen.Code
	var oneBased []string
	for _, col := range b.CentreOrder() {
		items = append(items, jen.Lit(col))
		oneBased = append(oneBased, fmt.Sprint(col+1))
	}
	doc(f, "centreOrder", strings.Join(oneBased, " "))
	f.Var().Id("centreOrder").Op("=").Index(jen.Id("Width")).Int().Values(items...)
}

// emitRuleFile emits rule_gen.go: InARow, the stones in a row that win,
// from which every line, mask and kernel of the other files follows. It
// has a file of its own so that the files of four in a row are those of
// Connect-4 before connect-k, byte for byte.
//
//	const InARow = 4
func emitRuleFile(f *jen.File, b *board) {
	doc(f, "InARow")
	f.Const().Id("InARow").Op("=").Lit(b.InARow)
}
