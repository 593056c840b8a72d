package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dave/jennifer/jen"
	"github.com/fourgen/fourgen/internal/geom"
)

// emitBitsFile emits bits_gen.go: Bits, a set of cells of the board, and
// the methods the hand-written engine uses instead of operators, so that
// board and solver are written once for both representations. On a board
// of one word Bits is a uint64 and every method one operator (the
// generated code keeps the operators). On a board of more than 64 bits it
// is two words, the low word holding the first LowColumns columns and the
// high word the rest, each from its bit 0 in the column-major layout of
// one word, with one shift method per distance the kernel and the open
// lines shift by, shl8 and shr8 for 8 bits up and down the column-major
// layout. Whole columns in each word keep every vertical shift within its
// word; only the shifts of the other directions move the cells of the
// columns beside the boundary from one word to the other, and only there
// does a shift have a term between the words (6×10, from
// testdata/6x10.txtar):
//
//	// shl11 moves every cell 1 column right; column 3 crosses from lo to hi.
//	return Bits{b.lo << 11, b.hi<<11 | b.lo>>22}
func emitBitsFile(f *jen.File, b *board) {
	if b.Words() == 1 {
		f.Comment("Bits is a set of cells of the board in one word, column by column from the")
		f.Comment("bottom left, Height cells and a guard bit a column. Its methods are the word")
		f.Comment("operations of the hand-written engine, one operator each, which a board of")
		f.Comment("more than 64 bits implements on two words.")
		f.Type().Id("Bits").Uint64()
	} else {
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
	}
	f.Comment("NoCells is the empty set.")
	if b.Words() == 1 {
		f.Const().Id("NoCells").Id("Bits").Op("=").Lit(0)
	} else {
		f.Var().Id("NoCells").Id("Bits")
	}
	for _, m := range bitsMethods(b) {
		for _, line := range strings.Split(m.doc, "\n// ") {
			f.Comment(line)
		}
		f.Add(m.decl)
	}
	if b.Words() == 1 {
		return
	}
	for _, dir := range b.dirs {
		for _, sign := range []int{1, -1} {
			for k := 1; k <= 3; k++ {
				emitShift(f, b, dir, sign*k)
			}
		}
	}
}

// method is one declaration of bits_gen.go and its doc comment.
type method struct {
	doc  string
	decl jen.Code
}

// bitsMethods are the methods of Bits and the functions of cells that
// board and solver call, written for the board's representation: each
// one line on a board of one word.
func bitsMethods(b *board) []method {
	r := rep{one: b.Words() == 1, lowBits: b.LowColumns() * b.ColumnBits()}
	return slices.Concat(r.bitwise(), r.counts(), r.moves(), r.words(), r.cells())
}

// rep is what the methods of Bits depend on: whether the board has one
// word, and the bits of the low word's columns.
type rep struct {
	one     bool
	lowBits int
}

// pick is a on a board of one word, else c.
func (r rep) pick(a, c jen.Code) jen.Code {
	if r.one {
		return a
	}
	return c
}

// The receiver and the type of the methods, and the functions they call.
var (
	recvX     = jen.Id("x").Id("Bits")
	bitsT     = jen.Id("Bits")
	onesCount = jen.Qual("math/bits", "OnesCount64")
	trailing  = jen.Qual("math/bits", "TrailingZeros64")
)

// bitwise is And, Or, Xor, AndNot and Add.
func (r rep) bitwise() []method {
	var ms []method
	for _, op := range []struct{ name, doc, op string }{
		{"And", "is the set of the cells in both x and y.", "&"},
		{"Or", "is the set of the cells in x or y.", "|"},
		{"Xor", "is the set of the cells in exactly one of x and y.", "^"},
		{"AndNot", "is the set of the cells of x not in y.", "&^"},
		{"Add", "is x + y word by word: a carry never leaves a column, whose guard bit stops it.", "+"},
	} {
		body := r.pick(jen.Id("x").Op(op.op).Id("y"),
			jen.Id("Bits").Values(jen.Id("x.lo").Op(op.op).Id("y.lo"), jen.Id("x.hi").Op(op.op).Id("y.hi")))
		ms = append(ms, method{op.name + " " + op.doc,
			jen.Func().Params(recvX).Id(op.name).Params(jen.Id("y").Id("Bits")).Add(bitsT).Block(jen.Return(body))})
	}
	return ms
}

// counts is the tests of a set and its lowest bit.
func (r rep) counts() []method {
	return []method{
		method{"IsZero reports whether x holds no cell.",
			jen.Func().Params(recvX).Id("IsZero").Params().Bool().Block(jen.Return(
				r.pick(jen.Id("x").Op("==").Lit(0), jen.Id("x.lo").Op("|").Id("x.hi").Op("==").Lit(0))))},
		method{"OnesCount is the number of bits of x.",
			jen.Func().Params(recvX).Id("OnesCount").Params().Int().Block(jen.Return(
				r.pick(jen.Add(onesCount).Call(jen.Uint64().Call(jen.Id("x"))),
					jen.Add(onesCount).Call(jen.Id("x.lo")).Op("+").Add(onesCount).Call(jen.Id("x.hi")))))},
		method{pick2(r.one, "TrailingZeros is the index of the lowest bit of x, and 64 for none.",
			"TrailingZeros is the index of the lowest bit of x, 64 and up in the high word,\n// and 128 for none."),
			jen.Func().Params(recvX).Id("TrailingZeros").Params().Int().BlockFunc(func(g *jen.Group) {
				if r.one {
					g.Return(jen.Add(trailing).Call(jen.Uint64().Call(jen.Id("x"))))
					return
				}
				g.If(jen.Id("x.lo").Op("!=").Lit(0)).Block(jen.Return(jen.Add(trailing).Call(jen.Id("x.lo"))))
				g.Return(jen.Lit(64).Op("+").Add(trailing).Call(jen.Id("x.hi")))
			})},
		method{"Lowest is the lowest bit of x alone, and no bit for none.",
			jen.Func().Params(recvX).Id("Lowest").Params().Add(bitsT).BlockFunc(func(g *jen.Group) {
				if r.one {
					g.Return(jen.Id("x").Op("&").Op("-").Id("x"))
					return
				}
				g.If(jen.Id("x.lo").Op("!=").Lit(0)).Block(jen.Return(jen.Id("Bits").Values(jen.Id("x.lo").Op("&").Op("-").Id("x.lo"), jen.Lit(0))))
				g.Return(jen.Id("Bits").Values(jen.Lit(0), jen.Id("x.hi").Op("&").Op("-").Id("x.hi")))
			})},
		method{"ClearLowest is x without its lowest bit.",
			jen.Func().Params(recvX).Id("ClearLowest").Params().Add(bitsT).BlockFunc(func(g *jen.Group) {
				if r.one {
					g.Return(jen.Id("x").Op("&").Parens(jen.Id("x").Op("-").Lit(1)))
					return
				}
				g.If(jen.Id("x.lo").Op("!=").Lit(0)).Block(jen.Return(jen.Id("Bits").Values(jen.Id("x.lo").Op("&").Parens(jen.Id("x.lo").Op("-").Lit(1)), jen.Id("x.hi"))))
				g.Return(jen.Id("Bits").Values(jen.Lit(0), jen.Id("x.hi").Op("&").Parens(jen.Id("x.hi").Op("-").Lit(1))))
			})},
	}
}

// moves is the moves within columns and a column read out.
func (r rep) moves() []method {
	return []method{
		method{"Up moves every cell n rows up its column (n at most Height: a cell may reach\n// the guard bit, never the next column).",
			jen.Func().Params(recvX).Id("Up").Params(jen.Id("n").Uint()).Add(bitsT).Block(jen.Return(
				r.pick(jen.Id("x").Op("<<").Id("n"), jen.Id("Bits").Values(jen.Id("x.lo").Op("<<").Id("n"), jen.Id("x.hi").Op("<<").Id("n")))))},
		method{"Down moves every cell n rows down its column; the cells of the bottom n rows\n// reach the column below's top, which the caller masks off.",
			jen.Func().Params(recvX).Id("Down").Params(jen.Id("n").Uint()).Add(bitsT).Block(jen.Return(
				r.pick(jen.Id("x").Op(">>").Id("n"), jen.Id("Bits").Values(jen.Id("x.lo").Op(">>").Id("n"), jen.Id("x.hi").Op(">>").Id("n")))))},
		method{"Below is every bit of the layout below x, which must hold one bit.",
			jen.Func().Params(recvX).Id("Below").Params().Add(bitsT).BlockFunc(func(g *jen.Group) {
				if r.one {
					g.Return(jen.Id("x").Op("-").Lit(1))
					return
				}
				g.If(jen.Id("x.lo").Op("!=").Lit(0)).Block(jen.Return(jen.Id("Bits").Values(jen.Id("x.lo").Op("-").Lit(1), jen.Lit(0))))
				g.Return(jen.Id("Bits").Values(jen.Op("^").Uint64().Call(jen.Lit(0)), jen.Id("x.hi").Op("-").Lit(1)))
			})},
		method{"Column is column col's bits (0-based), bottom cell first, guard bit included.",
			jen.Func().Params(recvX).Id("Column").Params(jen.Id("col").Int()).Uint64().BlockFunc(func(g *jen.Group) {
				col := jen.Lit(1).Op("<<").Id("ColumnBits").Op("-").Lit(1)
				if r.one {
					g.Return(jen.Uint64().Call(jen.Id("x")).Op(">>").Parens(jen.Id("col").Op("*").Id("ColumnBits")).Op("&").Parens(col))
					return
				}
				g.If(jen.Id("col").Op("<").Id("LowColumns")).Block(jen.Return(jen.Id("x.lo").Op(">>").Parens(jen.Id("col").Op("*").Id("ColumnBits")).Op("&").Parens(col)))
				g.Return(jen.Id("x.hi").Op(">>").Parens(jen.Parens(jen.Id("col").Op("-").Id("LowColumns")).Op("*").Id("ColumnBits")).Op("&").Parens(col))
			})},
	}
}

// words is the words of a set, as words, a number and a hash.
func (r rep) words() []method {
	return []method{
		method{pick2(r.one, "Word is x's word i: x itself for i = 0, and 0 for the high word a board of\n// more than 64 bits would have.", "Word is x's word i: lo for i = 0, hi for i = 1."),
			jen.Func().Params(recvX).Id("Word").Params(jen.Id("i").Int()).Uint64().BlockFunc(func(g *jen.Group) {
				if r.one {
					g.If(jen.Id("i").Op("==").Lit(0)).Block(jen.Return(jen.Uint64().Call(jen.Id("x"))))
					g.Return(jen.Lit(0))
					return
				}
				g.If(jen.Id("i").Op("==").Lit(0)).Block(jen.Return(jen.Id("x.lo")))
				g.Return(jen.Id("x.hi"))
			})},
		method{pick2(r.one, "BitsFromWords is the set of words lo and hi, the inverse of [Bits.Word]: hi must\n// be 0 on a board of one word.", "BitsFromWords is the set of words lo and hi, the inverse of [Bits.Word]."),
			jen.Func().Id("BitsFromWords").Params(jen.Id("lo"), jen.Id("hi").Uint64()).Add(bitsT).Block(jen.Return(
				r.pick(jen.Id("Bits").Call(jen.Id("lo")), jen.Id("Bits").Values(jen.Id("lo"), jen.Id("hi")))))},
		method{pick2(r.one, "Packed is x as a number of KeyBits bits: x itself, and 0 above 64 bits.",
			fmt.Sprintf("Packed is x as a number of KeyBits bits, low word first: hi's columns follow\n// lo's %d bits.", r.lowBits)),
			jen.Func().Params(recvX).Id("Packed").Params().Params(jen.Id("lo"), jen.Id("hi").Uint64()).Block(jen.Return(
				r.pick(jen.List(jen.Uint64().Call(jen.Id("x")), jen.Lit(0)),
					jen.List(jen.Id("x.lo").Op("|").Id("x.hi").Op("<<").Lit(r.lowBits), jen.Id("x.hi").Op(">>").Lit(64-r.lowBits)))))},
		method{pick2(r.one, "Fold is x in one word, for hashing: x itself.", "Fold is x's two words mixed into one, for hashing."),
			jen.Func().Params(recvX).Id("Fold").Params().Uint64().Block(jen.Return(
				r.pick(jen.Uint64().Call(jen.Id("x")), jen.Id("x.lo").Op("^").Id("x.hi").Op("*").Add(hex(0x9E3779B97F4A7C15)))))},
	}
}

// cells is the cells of columns and the smaller key.
func (r rep) cells() []method {
	return []method{
		method{"MinKey is the smaller of two keys as numbers of KeyBits bits (see [Bits.Packed]).",
			jen.Func().Id("MinKey").Params(jen.Id("x"), jen.Id("y").Id("Bits")).Add(bitsT).BlockFunc(func(g *jen.Group) {
				if r.one {
					g.Return(jen.Min(jen.Id("x"), jen.Id("y")))
					return
				}
				g.If(jen.Id("y.hi").Op("<").Id("x.hi").Op("||").Id("y.hi").Op("==").Id("x.hi").Op("&&").Id("y.lo").Op("<").Id("x.lo")).Block(jen.Return(jen.Id("y")))
				g.Return(jen.Id("x"))
			})},
		method{"ColumnOf is the 0-based column of the cell whose single bit is move.",
			jen.Func().Id("ColumnOf").Params(jen.Id("move").Id("Bits")).Int().BlockFunc(func(g *jen.Group) {
				if r.one {
					g.Return(jen.Add(trailing).Call(jen.Uint64().Call(jen.Id("move"))).Op("/").Id("ColumnBits"))
					return
				}
				g.If(jen.Id("move.lo").Op("!=").Lit(0)).Block(jen.Return(jen.Add(trailing).Call(jen.Id("move.lo")).Op("/").Id("ColumnBits")))
				g.Return(jen.Id("LowColumns").Op("+").Add(trailing).Call(jen.Id("move.hi")).Op("/").Id("ColumnBits"))
			})},
		method{"bottomCell is the bit of the bottom cell of column col (0-based).",
			jen.Func().Id("bottomCell").Params(jen.Id("col").Int()).Add(bitsT).BlockFunc(func(g *jen.Group) {
				if r.one {
					g.Return(jen.Lit(1).Op("<<").Parens(jen.Id("col").Op("*").Id("ColumnBits")))
					return
				}
				g.If(jen.Id("col").Op("<").Id("LowColumns")).Block(jen.Return(jen.Id("Bits").Values(jen.Lit(1).Op("<<").Parens(jen.Id("col").Op("*").Id("ColumnBits")), jen.Lit(0))))
				g.Return(jen.Id("Bits").Values(jen.Lit(0), jen.Lit(1).Op("<<").Parens(jen.Parens(jen.Id("col").Op("-").Id("LowColumns")).Op("*").Id("ColumnBits"))))
			})},
		method{"topCell is the bit of the top playable cell of column col (0-based).",
			jen.Func().Id("topCell").Params(jen.Id("col").Int()).Add(bitsT).Block(jen.Return(
				jen.Id("bottomCell").Call(jen.Id("col")).Dot("Up").Call(jen.Id("Height").Op("-").Lit(1))))},
	}
}

// pick2 is a if the board has one word, else b.
func pick2(one bool, a, b string) string {
	if one {
		return a
	}
	return b
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
