package main

import (
	"fmt"

	"github.com/dave/jennifer/jen"
	"github.com/fourgen/fourgen/internal/geom"
)

// emitBitsFile emits bits_gen.go, only for a board of more than 64 bits:
// Bits, a set of cells in two words, the low word holding the first
// LowColumns columns and the high word the rest, each from its bit 0 in
// the column-major layout of one word; its bitwise methods; and one shift
// method per distance the kernel and the open lines shift by, shl8 and
// shr8 for 8 bits up and down the column-major layout. Whole columns in
// each word keep every vertical shift within its word; only the shifts of
// the other directions move the cells of the columns beside the boundary
// from one word to the other, and only there does a shift have a term
// between the words (6×10, from testdata/6x10.txtar):
//
//	// shl11 moves every cell 1 column right; column 3 crosses from lo to hi.
//	return Bits{b.lo << 11, b.hi<<11 | b.lo>>22}
func emitBitsFile(f *jen.File, b *board) {
	k := b.LowColumns()
	f.Comment("Bits is a set of cells of the board in two words, column by column from the")
	f.Commentf("bottom left, Height cells and a guard bit a column: columns 1 to %d from bit 0 of lo,", k)
	f.Commentf("columns %d to %d from bit 0 of hi. A shift is exact on every cell for a set of", k+1, b.Width)
	f.Comment("cells of the board; the bits off the board may then hold anything, which the")
	f.Comment("kernel masks off as the kernel of one word does.")
	f.Type().Id("Bits").Struct(
		jen.Id("lo").Uint64().Commentf("columns 1 to %d", k),
		jen.Id("hi").Uint64().Commentf("columns %d to %d", k+1, b.Width),
	)
	for _, op := range []struct{ name, doc, op string }{
		{"And", "is the set of the cells in both x and y.", "&"},
		{"Or", "is the set of the cells in x or y.", "|"},
		{"Xor", "is the set of the cells in exactly one of x and y.", "^"},
		{"AndNot", "is the set of the cells of x not in y.", "&^"},
		{"Add", "is x + y word by word: a carry never leaves a column, whose guard bit stops it.", "+"},
	} {
		f.Comment(op.name + " " + op.doc)
		f.Func().Params(jen.Id("x").Id("Bits")).Id(op.name).Params(jen.Id("y").Id("Bits")).Id("Bits").Block(
			jen.Return(jen.Id("Bits").Values(jen.Id("x.lo").Op(op.op).Id("y.lo"), jen.Id("x.hi").Op(op.op).Id("y.hi"))))
	}
	f.Comment("IsZero reports whether x holds no cell.")
	f.Func().Params(jen.Id("x").Id("Bits")).Id("IsZero").Params().Bool().Block(
		jen.Return(jen.Id("x.lo").Op("|").Id("x.hi").Op("==").Lit(0)))
	f.Comment("OnesCount is the number of bits of x.")
	f.Func().Params(jen.Id("x").Id("Bits")).Id("OnesCount").Params().Int().Block(
		jen.Return(jen.Qual("math/bits", "OnesCount64").Call(jen.Id("x.lo")).Op("+").Qual("math/bits", "OnesCount64").Call(jen.Id("x.hi"))))
	f.Comment("TrailingZeros is the index of the lowest bit of x, 64 and up in the high word,")
	f.Comment("and 128 for none.")
	f.Func().Params(jen.Id("x").Id("Bits")).Id("TrailingZeros").Params().Int().Block(
		jen.If(jen.Id("x.lo").Op("!=").Lit(0)).Block(jen.Return(jen.Qual("math/bits", "TrailingZeros64").Call(jen.Id("x.lo")))),
		jen.Return(jen.Lit(64).Op("+").Qual("math/bits", "TrailingZeros64").Call(jen.Id("x.hi"))))
	for _, dir := range b.dirs {
		for _, sign := range []int{1, -1} {
			for k := 1; k <= 3; k++ {
				emitShift(f, b, dir, sign*k)
			}
		}
	}
}

// emitShift emits the method of Bits that moves every cell by times steps
// of dir (a negative times moving down the layout), with its term between
// the words unless dir is vertical.
func emitShift(f *jen.File, b *board, dir direction, times int) {
	n, k := times*dir.step, b.LowColumns()
	low := k * b.ColumnBits()
	lo, hi := shifted("b.lo", n), shifted("b.hi", n)
	cols, rows := dirSteps[dir.dir][0]*times, dirSteps[dir.dir][1]*times
	text := fmt.Sprintf("%s moves every cell %s", shiftName(n), moveText(cols, rows))
	switch {
	case cols > 0:
		hi = jen.Add(hi).Op("|").Add(shifted("b.lo", n-low))
		text += "; " + columnRange(max(1, k-cols+1), k) + " from lo to hi"
	case cols < 0:
		lo = jen.Add(lo).Op("|").Add(shifted("b.hi", n+low))
		text += "; " + columnRange(k+1, min(b.Width, k-cols)) + " from hi to lo"
	}
	f.Comment(text + ".")
	f.Func().Params(jen.Id("b").Id("Bits")).Id(shiftName(n)).Params().Id("Bits").Block(jen.Return(jen.Id("Bits").Values(lo, hi)))
}

// shifted is the word name shifted by n bits, left for n > 0.
func shifted(name string, n int) *jen.Statement {
	switch {
	case n > 0:
		return jen.Id(name).Op("<<").Lit(n)
	case n < 0:
		return jen.Id(name).Op(">>").Lit(-n)
	}
	return jen.Id(name)
}

// dirSteps is the step in columns and rows from one cell of a line of
// each direction to the next.
var dirSteps = [...][2]int{geom.Vertical: {0, 1}, geom.Horizontal: {1, 0}, geom.DiagonalUp: {1, 1}, geom.DiagonalDown: {1, -1}}

// moveText says how far a shift moves a cell: "2 columns right and 2 rows up".
func moveText(cols, rows int) string {
	part := func(n int, unit, plus, minus string) string {
		way := plus
		if n < 0 {
			n, way = -n, minus
		}
		if n != 1 {
			unit += "s"
		}
		return fmt.Sprintf("%d %s %s", n, unit, way)
	}
	switch {
	case cols == 0:
		return part(rows, "row", "up", "down")
	case rows == 0:
		return part(cols, "column", "right", "left")
	}
	return part(cols, "column", "right", "left") + " and " + part(rows, "row", "up", "down")
}

// columnRange says that 1-based columns first to last cross: "column 3
// crosses", "columns 2 and 3 cross", "columns 1 to 3 cross".
func columnRange(first, last int) string {
	switch last - first {
	case 0:
		return fmt.Sprintf("column %d crosses", first)
	case 1:
		return fmt.Sprintf("columns %d and %d cross", first, last)
	}
	return fmt.Sprintf("columns %d to %d cross", first, last)
}
