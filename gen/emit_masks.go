package main

import (
	"fmt"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/fourgen/fourgen/internal/geom"
)

// emitMasksFile emits masks_gen.go: the geometry guard and every constant
// mask and table of the board: the whole-board, column and odd/even-row
// masks the search and Position use; the priority classes and linesThrough
// the inspector shows; the line table lineMask (the fours of a game over);
// MirrorWord, which the search's table keys and the book keys use; and
// rowMask and numLines, which only the tests use to hold the masks to
// internal/geom.
func emitMasksFile(f *jen.File, b *board) {
	for _, emit := range []func(*jen.File, *board){emitGeometryGuard, emitBoardMasks, emitColumnAndRowMasks,
		emitPriorityClasses, emitLineTable, emitLinesThrough, emitMirror} {
		emit(f, b)
	}
}

// emitGeometryGuard emits a function that does not compile when the
// package's Width and Height differ from the geometry the tables were
// generated for (the stringer idiom):
//
//	func _() {
//		var x [1]struct{}
//		_ = x[Width-7]
//		_ = x[7-Width]
//		...
//	}
func emitGeometryGuard(f *jen.File, b *board) {
	doc(f, "guard")
	f.Func().Id("_").Params().BlockFunc(func(g *jen.Group) {
		g.Var().Id("x").Index(jen.Lit(1)).Struct()
		for i, name := range []string{"Width", "Height"} {
			size := [...]int{b.Width, b.Height}[i]
			g.Id("_").Op("=").Id("x").Index(jen.Id(name).Op("-").Lit(size))
			g.Id("_").Op("=").Id("x").Index(jen.Lit(size).Op("-").Id(name))
		}
	})
}

// emitBoardMasks emits the whole-board masks, one per line with its doc
// comment: BottomMask, BoardMask, GuardMask, OddRowsMask and EvenRowsMask,
// typed constants on a board of one word (4×4, from testdata/4x4.txtar)
// and variables of type Bits on a board of two (no struct is a constant):
//
//	// BottomMask holds the bottom cell of every column.
//	BottomMask Bits = 0x0000000000008421
//	BottomMask = Bits{0x0000000000400801, 0x0000000000400801}
func emitBoardMasks(f *jen.File, b *board) {
	d := b.word
	block, typ := d.block(f)
	emitConsts(block, typ, []constant{
		{"BottomMask", "holds the bottom cell of every column.", d.mask(b.BottomSet())},
		{"BottomRowsMask", "holds the cells of rows 1 and 2, counted from 1 at the bottom: the rows whose stones choose a position's region of the search's table.", d.mask(b.RowSet(0).Or(b.RowSet(1)))},
		{"BoardMask", "holds every playable cell.", d.mask(b.BoardSet())},
		{"GuardMask", "holds the guard bit above every column; no stone is ever stored there.", d.mask(b.GuardSet())},
		{"OddRowsMask", "holds " + b.rowsFrom(1) + ", counted from 1 at the bottom: on an even-height board the first player's useful threats lie here.", d.mask(b.OddRowsSet())},
		{"EvenRowsMask", "holds " + b.rowsFrom(2) + ", counted from 1 at the bottom: on an even-height board the second player's useful threats lie here.", d.mask(b.EvenRowsSet())},
	})
}

// emitColumnAndRowMasks emits columnMask and rowMask, arrays of one mask
// per column and per row, each row commented with its column or row
// (4×4, from testdata/4x4.txtar):
//
//	var columnMask = [Width]Bits{
//		0x000000000000000f, // column 1
//		...
//	}
func emitColumnAndRowMasks(f *jen.File, b *board) {
	emitTable(f, "columnMask", jen.Index(jen.Id("Width")).Add(b.word.typ()), b.Width, func(c int) (jen.Code, string) {
		return b.word.elem(b.ColumnSet(c)), fmt.Sprintf("column %d", c+1)
	})
	emitTable(f, "rowMask", jen.Index(jen.Id("Height")).Add(b.word.typ()), b.Height, func(r int) (jen.Code, string) {
		return b.word.elem(b.RowSet(r)), fmt.Sprintf("row %d", r+1)
	})
}

// emitPriorityClasses emits priorityClass, the centre-priority classes,
// derived by counting the lines of four through each cell: one mask per
// class, most lines first, each commented with its count and its cells
// (4×4, from testdata/4x4.txtar):
//
//	var priorityClass = [2]Bits{
//		0x00000000000498c9, // 3 lines through each of [c1r1 c1r4 c2r2 c2r3 c3r2 c3r3 c4r1 c4r4]
//		...
func emitPriorityClasses(f *jen.File, b *board) {
	masks, counts := b.PriorityClassSets()
	emitTable(f, "priorityClass", jen.Index(jen.Lit(len(masks))).Add(b.word.typ()), len(masks), func(i int) (jen.Code, string) {
		return b.word.elem(masks[i]), fmt.Sprintf("%d lines through each of %v", counts[i], b.CellsOfSet(masks[i]))
	})
}

// emitLineTable emits numLines and lineMask, every line of four as a mask,
// each commented with its index and its end cells (4×4, from
// testdata/4x4.txtar):
//
//	const numLines = 10
//	var lineMask = [numLines]Bits{
//		0x000000000000000f, // 0: vertical c1r1-c1r4
//		...
func emitLineTable(f *jen.File, b *board) {
	doc(f, "numLines")
	f.Const().Id("numLines").Op("=").Lit(len(b.lines))
	emitTable(f, "lineMask", jen.Index(jen.Id("numLines")).Add(b.word.typ()), len(b.lines), func(i int) (jen.Code, string) {
		return b.word.elem(b.LineSet(b.lines[i])), fmt.Sprintf("%d: %v", i, b.lines[i])
	})
}

// emitLinesThrough emits linesThrough: for every bit, the indexes into
// lineMask of the lines through that cell, nil for a guard bit and for the
// unused bits of a word of a board of two (4×4, from testdata/4x4.txtar):
//
//	var linesThrough = [Width * ColumnBits][]uint8{
//		{0, 4, 8}, // bit 0: c1r1
//		...
//		nil,       // bit 4: guard
func emitLinesThrough(f *jen.File, b *board) {
	size := jen.Id("Width").Op("*").Id("ColumnBits")
	if b.Words() == 2 {
		size = jen.Lit(64).Op("+").Parens(jen.Id("Width").Op("-").Id("LowColumns")).Op("*").Id("ColumnBits")
	}
	index := jen.Uint8()
	if len(b.lines) > 256 { // 12×9 has 261 lines
		index = jen.Uint16()
	}
	emitTable(f, "linesThrough", jen.Index(size).Index().Add(index), b.Span(), func(bit int) (jen.Code, string) {
		c, ok := b.CellAt(bit)
		if !ok {
			return jen.Nil(), fmt.Sprintf("bit %d: %s", bit, map[bool]string{true: "guard", false: "unused"}[b.GuardSet().Has(bit)])
		}
		var idx []jen.Code
		for _, i := range b.through[bit] {
			idx = append(idx, jen.Lit(i))
		}
		return jen.Values(idx...), fmt.Sprintf("bit %d: %v", bit, c)
	})
}

// emitMirror emits MirrorWord, the left-right reflection of a set of
// cells, unrolled: one masked shift per column moves its bits, guard bit
// included, to the mirrored column; on a board of two words each word is
// built from the columns that land in it (4×4, from testdata/4x4.txtar):
//
//	func MirrorWord(x Bits) Bits {
//		return (x&0x000000000000001f)<<15 |
//			...
//			(x&0x00000000000f8000)>>15
//	}
func emitMirror(f *jen.File, b *board) {
	words := make([][]jen.Code, b.Words())
	column := uint64(1)<<b.ColumnBits() - 1
	for c := 0; c < b.Width; c++ {
		from, to := b.Bit(geom.Cell{Col: c}), b.Bit(geom.Cell{Col: b.Width - 1 - c})
		term := jen.Parens(jen.Add(b.word.part("x", from/64)).Op("&").Add(hex(column << (from % 64))))
		switch from, to := from%64, to%64; {
		case to > from:
			term = term.Op("<<").Lit(to - from)
		case to < from:
			term = term.Op(">>").Lit(from - to)
		}
		words[to/64] = append(words[to/64], term)
	}
	var result []jen.Code
	for _, terms := range words {
		result = append(result, jen.Custom(jen.Options{Separator: " |\n"}, terms...))
	}
	value := result[0]
	if b.Words() == 2 {
		value = jen.Id("Bits").Custom(jen.Options{Open: "{", Close: "}", Separator: ",", Multi: true}, result...)
	}
	doc(f, "MirrorWord")
	f.Func().Id("MirrorWord").Params(jen.Id("x").Add(b.word.typ())).Add(b.word.typ()).Block(jen.Return(value))
}

// rowsFrom names every other row of the board from row first (1-based),
// for comments: "rows 1, 3 and 5".
func (b *board) rowsFrom(first int) string {
	var rows []string
	for r := first; r <= b.Height; r += 2 {
		rows = append(rows, fmt.Sprint(r))
	}
	if len(rows) == 1 {
		return "row " + rows[0]
	}
	return "rows " + strings.Join(rows[:len(rows)-1], ", ") + " and " + rows[len(rows)-1]
}
