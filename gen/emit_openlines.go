package main

import (
	"github.com/dave/jennifer/jen"
)

// The open lines are what the search's move ordering counts at a cell in
// the first half of a game: the lines of four through it that the opponent
// has not blocked, and of those the ones the side to move has begun. Like
// the threat kernel they are one block per direction of the line table,
// with that direction's shifts as literals.

// emitOpenLinesFile emits openlines_gen.go: LineDirections; OpenLineStarts,
// which marks a side's open lines once for a node; and OpenLinesThrough,
// which counts them at the cell of one move. Both bodies are built in one
// pass over the directions, from one [window] per word (see
// openlines_gen.go in testdata/4x4.txtar).
func emitOpenLinesFile(f *jen.File, b *board) {
	doc(f, "LineDirections")
	f.Const().Id("LineDirections").Op("=").Lit(len(b.dirs))
	starts := jen.Index(jen.Lit(2).Op("*").Id("LineDirections")).Add(b.word.typ())
	marks, counts := openLinesBodies(b)
	doc(f, "OpenLineStarts")
	f.Func().Id("OpenLineStarts").Params(jen.Id("free"), jen.Id("own").Add(b.word.typ())).Params(jen.Id("starts").Add(starts)).Block(marks...)

	doc(f, "OpenLinesThrough")
	f.Func().Id("OpenLinesThrough").Params(jen.Id("starts").Op("*").Add(starts), jen.Id("m").Add(b.word.typ())).
		Params(jen.Id("open"), jen.Id("held").Int()).Block(counts...)
}

// openLinesBodies returns the bodies of OpenLineStarts and OpenLinesThrough.
// Per direction i of n, a line is open where its window of free is all
// set, held where its window of own has a bit set, and through m where the
// window of m does:
//
//	starts[0] = free & (free >> 1) & (free >> 2) & (free >> 3) // vertical: cells 1 bit apart (4 lines)
//	starts[4] = starts[0] & (own | (own >> 1) | (own >> 2) | (own >> 3))
//
//	at := m | (m >> 1) | (m >> 2) | (m >> 3) // vertical
//	open += bits.OnesCount64(uint64(starts[0] & at))
//	held += bits.OnesCount64(uint64(starts[4] & at))
func openLinesBodies(b *board) (marks, counts []jen.Code) {
	d := b.word
	n := len(b.dirs)
	count := func(word int) jen.Code {
		return d.onesCount(d.and(jen.Id("starts").Index(jen.Lit(word)), jen.Id("at")))
	}
	for i, dir := range b.dirs {
		open := jen.Id("starts").Index(jen.Lit(i))
		marks = append(marks,
			jen.Add(open).Op("=").Add(d.and(window(d, "free", dir, b.InARow)...)).Comment(dir.String()),
			jen.Id("starts").Index(jen.Lit(n+i)).Op("=").Add(d.and(open, d.group(d.or(window(d, "own", dir, b.InARow)...)))))
		at := ":="
		if i > 0 {
			at = "="
		}
		counts = append(counts,
			jen.Id("at").Op(at).Add(d.or(window(d, "m", dir, b.InARow)...)).Comment(dir.dir.String()),
			jen.Id("open").Op("+=").Add(count(i)),
			jen.Id("held").Op("+=").Add(count(n+i)))
	}
	return append(marks, jen.Return()), append(counts, jen.Return())
}

// window is the word name and name shifted down by one to InARow-1 steps:
// bit i of each holds one of the cells of the line of the direction that
// starts at bit i.
func window(d dialect, name string, dir direction, inARow int) []jen.Code {
	return append([]jen.Code{jen.Id(name)}, shifts(func(k int) jen.Code { return d.shift(name, dir, k) }, -1, 1-inARow)...)
}
