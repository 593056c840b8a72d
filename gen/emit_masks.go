package main

import (
	"fmt"

	"github.com/dave/jennifer/jen"
)

// emitMasksFile emits masks_gen.go: the geometry guard and every constant
// mask and table of the board.
func emitMasksFile(f *jen.File, b *board) {
	emitGeometryGuard(f, b)
	emitBoardMasks(f, b)
	emitColumnAndRowMasks(f, b)
	emitPriorityClasses(f, b)
	emitLineTable(f, b)
	emitLinesThrough(f, b)
	emitMirror(f, b)
}

// emitBoardMasks emits the whole-board masks as typed constants:
//
//	const (
//		// bottomMask holds the bottom cell of every column.
//		bottomMask uint64 = 0x0000040810204081
//		...
//	)
func emitBoardMasks(f *jen.File, b *board) {
	masks := []struct {
		name, doc string
		mask      uint64
	}{
		{"bottomMask", "holds the bottom cell of every column.", b.BottomMask()},
		{"boardMask", "holds every playable cell.", b.BoardMask()},
		{"guardMask", "holds the guard bit above every column; no stone is ever stored there.", b.GuardMask()},
		{"oddRowsMask", "holds rows 1, 3, 5, … counted from 1 at the bottom: on an even-height board the first player's useful threats lie here.", b.OddRowsMask()},
		{"evenRowsMask", "holds rows 2, 4, 6, … counted from 1 at the bottom: on an even-height board the second player's useful threats lie here.", b.EvenRowsMask()},
	}
	f.Const().DefsFunc(func(g *jen.Group) {
		for _, m := range masks {
			g.Comment(m.name + " " + m.doc)
			g.Id(m.name).Uint64().Op("=").Add(hex(m.mask))
		}
	})
}

// emitColumnAndRowMasks emits the per-column and per-row masks:
//
//	// columnMask holds the playable cells of each column, left to right.
//	var columnMask = [Width]uint64{
//		0x000000000000003f, // column 1
//		...
//	}
func emitColumnAndRowMasks(f *jen.File, b *board) {
	var cols, rowItems []jen.Code
	for c := 0; c < b.Width; c++ {
		cols = append(cols, row(hex(b.ColumnMask(c)), fmt.Sprintf("column %d", c+1)))
	}
	for r := 0; r < b.Height; r++ {
		rowItems = append(rowItems, row(hex(b.RowMask(r)), fmt.Sprintf("row %d", r+1)))
	}
	f.Comment("columnMask holds the playable cells of each column, left to right.")
	f.Var().Id("columnMask").Op("=").Index(jen.Id("Width")).Uint64().Add(rows(cols))
	f.Comment("rowMask holds the cells of each row, bottom to top.")
	f.Var().Id("rowMask").Op("=").Index(jen.Id("Height")).Uint64().Add(rows(rowItems))
}

// emitPriorityClasses emits the centre-priority classes, derived by counting
// the lines of four through each cell:
//
//	// priorityClass groups the cells by the number of lines of four through them, most first.
//	var priorityClass = [5]uint64{
//		0x0000000000c18000, // 13 lines through each cell
//		...
//	}
func emitPriorityClasses(f *jen.File, b *board) {
	masks, counts := b.PriorityClasses()
	var items []jen.Code
	for i, m := range masks {
		items = append(items, row(hex(m), fmt.Sprintf("%d lines through each of %v", counts[i], b.CellsOf(m))))
	}
	f.Comment("priorityClass groups the playable cells by the number of lines of four through")
	f.Comment("them, the most first: a move ordering tries the cells of a lower class first.")
	f.Var().Id("priorityClass").Op("=").Index(jen.Lit(len(masks))).Uint64().Add(rows(items))
}

// emitLineTable emits every line of four as a mask:
//
//	const numLines = 69
//	// lineMask holds every line of four: vertical, horizontal, then diagonal.
//	var lineMask = [numLines]uint64{
//		0x000000000000000f, // 0: vertical c1r1-c1r4
//		...
//	}
func emitLineTable(f *jen.File, b *board) {
	var items []jen.Code
	for i, l := range b.lines {
		items = append(items, row(hex(b.lineMasks[i]), fmt.Sprintf("%d: %v", i, l)))
	}
	f.Comment("numLines is the number of lines of four on the board.")
	f.Const().Id("numLines").Op("=").Lit(len(b.lines))
	f.Comment("lineMask holds every line of four: the vertical lines, then the horizontal, then")
	f.Comment("the two diagonals, each group by starting cell in bit order.")
	f.Var().Id("lineMask").Op("=").Index(jen.Id("numLines")).Uint64().Add(rows(items))
}

// emitLinesThrough emits, for every bit, the indexes into lineMask of the
// lines through that cell:
//
//	var linesThrough = [Width * columnBits][]uint8{
//		{0, 21, 45}, // bit 0: c1r1
//		nil,         // bit 6: guard
//		...
//	}
func emitLinesThrough(f *jen.File, b *board) {
	var items []jen.Code
	for bit := 0; bit < b.Bits(); bit++ {
		c, ok := b.CellAt(bit)
		if !ok {
			items = append(items, row(jen.Nil(), fmt.Sprintf("bit %d: guard", bit)))
			continue
		}
		var idx []jen.Code
		for _, i := range b.through[bit] {
			idx = append(idx, jen.Lit(i))
		}
		items = append(items, row(jen.Values(idx...), fmt.Sprintf("bit %d: %v", bit, c)))
	}
	f.Comment("linesThrough lists, for every bit of the layout, the indexes into lineMask of the")
	f.Comment("lines of four through that cell; guard bits have none.")
	f.Var().Id("linesThrough").Op("=").Index(jen.Id("Width").Op("*").Id("columnBits")).Index().Uint8().Add(rows(items))
}

// emitMirror emits the left-right reflection of a word, unrolled: each
// column's bits (guard bit included) move to the mirrored column.
//
//	func mirror(x uint64) uint64 {
//		return (x&0x000000000000007f)<<42 |
//			(x&0x0000000000003f80)<<28 | ...
//	}
func emitMirror(f *jen.File, b *board) {
	var terms []jen.Code
	column := uint64(1)<<b.ColumnBits() - 1
	for c := 0; c < b.Width; c++ {
		from, to := c*b.ColumnBits(), (b.Width-1-c)*b.ColumnBits()
		term := jen.Parens(jen.Id("x").Op("&").Add(hex(column << from)))
		switch {
		case to > from:
			term = term.Op("<<").Lit(to - from)
		case to < from:
			term = term.Op(">>").Lit(from - to)
		}
		terms = append(terms, term)
	}
	f.Comment("mirror reflects a word left to right: each column's bits, guard bit included,")
	f.Comment("move to the mirrored column.")
	f.Func().Id("mirror").Params(jen.Id("x").Uint64()).Uint64().Block(
		jen.Return(jen.Custom(jen.Options{Separator: " |\n"}, terms...)),
	)
}
