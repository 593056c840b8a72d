package main

import (
	"fmt"

	"github.com/dave/jennifer/jen"
)

// The open lines are what the search's move ordering counts at a cell in
// the first half of a game: the lines of four through it that the opponent
// has not blocked, and of those the ones the side to move has begun. Like
// the threat kernel they are one block per direction of the line table,
// with that direction's shifts as literals.

// emitOpenLinesFile emits openlines_gen.go: OpenLineStarts, which marks a
// side's open lines once for a node, and OpenLinesThrough, which counts
// them at the cell of one move.
func emitOpenLinesFile(f *jen.File, b *board) {
	f.Comment("LineDirections is the number of directions that hold lines of four.")
	f.Const().Id("LineDirections").Op("=").Lit(len(b.dirs))
	starts := jen.Index(jen.Lit(2).Op("*").Id("LineDirections")).Uint64()
	f.Comment("OpenLineStarts marks the lines of four open to a side, for OpenLinesThrough:")
	f.Comment("for each direction, the lowest cell of every line whose cells all lie in free")
	f.Comment("(the side's stones and the empty cells), and, one word per direction further")
	f.Comment("on, those of them that hold a stone of own, the side's stones.")
	f.Func().Id("OpenLineStarts").Params(jen.Id("free"), jen.Id("own").Uint64()).Params(jen.Id("starts").Add(starts)).
		Block(openLineStartsBody(b)...)

	f.Comment("OpenLinesThrough counts the lines of four through the cell m (one bit) that")
	f.Comment("starts marks (see OpenLineStarts): open, the lines open to the side, and held,")
	f.Comment("those of them that hold one of its stones.")
	f.Func().Id("OpenLinesThrough").Params(jen.Id("starts").Op("*").Add(starts), jen.Id("m").Uint64()).
		Params(jen.Id("open"), jen.Id("held").Int()).
		Block(openLinesThroughBody(b)...)
}

// openLineStartsBody is the body of OpenLineStarts: per direction, a line
// is open where the cell and the three after it, step bits apart, are all
// free, and held where one of the four is own.
func openLineStartsBody(b *board) []jen.Code {
	d := scalar{}
	n := len(b.dirs)
	var body []jen.Code
	for i, dir := range b.dirs {
		s := dir.step
		open := jen.Id("starts").Index(jen.Lit(i))
		body = append(body,
			jen.Add(open).Op("=").Add(d.and(jen.Id("free"), d.shiftOf("free", -s), d.shiftOf("free", -2*s), d.shiftOf("free", -3*s))).
				Commentf("%v: %s (%d lines)", dir.dir, apart(s), dir.lines),
			jen.Id("starts").Index(jen.Lit(n+i)).Op("=").Add(open).Op("&").
				Parens(d.or(jen.Id("own"), d.shiftOf("own", -s), d.shiftOf("own", -2*s), d.shiftOf("own", -3*s))))
	}
	return append(body, jen.Return())
}

// openLinesThroughBody is the body of OpenLinesThrough: per direction, the
// lines through m start at m and at the three cells before it, step bits
// apart.
func openLinesThroughBody(b *board) []jen.Code {
	d := scalar{}
	n := len(b.dirs)
	count := func(word int) jen.Code {
		return jen.Qual("math/bits", "OnesCount64").Call(jen.Id("starts").Index(jen.Lit(word)).Op("&").Id("at"))
	}
	var body []jen.Code
	for i, dir := range b.dirs {
		s := dir.step
		at := d.or(jen.Id("m"), d.shiftOf("m", -s), d.shiftOf("m", -2*s), d.shiftOf("m", -3*s))
		op := "="
		if i == 0 {
			op = ":="
		}
		body = append(body,
			jen.Id("at").Op(op).Add(at).Comment(fmt.Sprintf("%v", dir.dir)),
			jen.Id("open").Op("+=").Add(count(i)),
			jen.Id("held").Op("+=").Add(count(n+i)))
	}
	return append(body, jen.Return())
}
