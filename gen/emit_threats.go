package main

import (
	"fmt"

	"github.com/dave/jennifer/jen"
	"github.com/fourgen/fourgen/internal/geom"
)

// emitThreatsFile emits threats_gen.go: one threat test per cell, the
// switch that dispatches to them, and the can-win-now test. They answer
// Position.IsWinningMove and Position.CanWinNow (root checks, Analyze,
// agents) and are the second, independently generated form the kernel is
// tested against on every cell.
func emitThreatsFile(f *jen.File, b *board) {
	for _, c := range b.AllCells() {
		emitCellTest(f, b, c)
	}
	emitCompletesFour(f, b)
	emitCanWinNow(f, b)
}

// emitCellTest emits the threat test of one cell, completesFourCxRy,
// testing only the lines through it: each line minus the cell itself must
// be all stones, one comparison per line and word (4×4, from
// testdata/4x4.txtar):
//
//	func completesFourC1R2(s Bits) bool {
//		return s&0x000000000000000d == 0x000000000000000d ||
//			s&0x0000000000010840 == 0x0000000000010840
//	}
func emitCellTest(f *jen.File, b *board, c geom.Cell) {
	name := cellFuncName(c)
	var tests []jen.Code
	for _, i := range b.through[b.Bit(c)] { // every cell of a supported board has a line
		tests = append(tests, covers(b.word, "s", b.LineSet(b.lines[i]).AndNot(b.SetOf(c))))
	}
	doc(f, "completesFourCell", name, c, b.linesThroughText(c))
	f.Func().Id(name).Params(jen.Id("s").Add(b.word.typ())).Bool().Block(jen.Return(jen.Custom(jen.Options{Separator: " ||\n"}, tests...)))
}

// emitCompletesFour emits completesFour, the dense switch from bit index to
// cell test, each case commented with its cell and its number of lines
// (4×4, from testdata/4x4.txtar):
//
//	switch bit {
//	case 0: // c1r1: 3 lines
//		return completesFourC1R1(s)
//	...
//	}
//	return false
func emitCompletesFour(f *jen.File, b *board) {
	doc(f, "completesFour")
	f.Func().Id("completesFour").Params(jen.Id("s").Add(b.word.typ()), jen.Id("bit").Int()).Bool().Block(
		jen.Switch(jen.Id("bit")).BlockFunc(func(g *jen.Group) {
			for _, c := range b.AllCells() {
				g.Case(jen.Lit(b.Bit(c))).Comment(fmt.Sprintf("%v: %d lines", c, len(b.through[b.Bit(c)]))).Line().
					Return(jen.Id(cellFuncName(c)).Call(jen.Id("s")))
			}
		}),
		jen.Return(jen.False()),
	)
}

// emitCanWinNow emits canWinNow, the test of whether the side to move can
// complete four at once, unrolled over the columns: one completesFour of
// each column's playable cell (4×4, from testdata/4x4.txtar):
//
//	playable := (mask + BottomMask) & BoardMask
//	return completesFour(s, bits.TrailingZeros64(uint64(playable&columnMask[0]))) ||
//		...
//		completesFour(s, bits.TrailingZeros64(uint64(playable&columnMask[3])))
func emitCanWinNow(f *jen.File, b *board) {
	d := b.word
	doc(f, "canWinNow", 64*b.Words())
	f.Func().Id("canWinNow").Params(jen.Id("s"), jen.Id("mask").Add(d.typ())).Bool().BlockFunc(func(g *jen.Group) {
		doc(g, "playable")
		g.Id("playable").Op(":=").Add(d.and(d.group(d.plus(jen.Id("mask"), jen.Id("BottomMask"))), jen.Id("BoardMask")))
		var tests []jen.Code
		for c := 0; c < b.Width; c++ {
			tests = append(tests, jen.Id("completesFour").Call(jen.Id("s"),
				d.trailingZeros(d.and(jen.Id("playable"), jen.Id("columnMask").Index(jen.Lit(c))))))
		}
		g.Return(jen.Custom(jen.Options{Separator: " ||\n"}, tests...))
	})
}
