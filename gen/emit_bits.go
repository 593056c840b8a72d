package main

import (
	_ "embed"
	"strings"

	"github.com/dave/jennifer/jen"
)

// The representation of a set of cells is hand-written Go, one package a
// representation, each built and tested where it stands: gen/oneword, a
// uint64 whose methods are one operator each, and gen/twowords, two words
// of whole columns, whose shifts carry the cells beside the boundary from
// one word to the other.
var (
	//go:embed oneword/bits.go
	oneWordBits string
	//go:embed twowords/bits.go
	twoWordsBits string
)

// emitBitsFile emits bits_gen.go: Bits, a set of cells of the board, and
// the methods the hand-written engine uses instead of operators, so that
// board and engine are written once for both representations. It selects
// the file of the board's representation and copies it after its package
// clause; the sizes it uses are size_gen.go's. A copied file is the
// generator's second raw-text escape hatch (hex being the first): it is
// Go that compiles and is tested in its own package.
func emitBitsFile(f *jen.File, b *board) {
	src := oneWordBits
	if b.Words() == 2 {
		src = twoWordsBits
	}
	_, body, _ := strings.Cut(src, "\n")
	f.Add(jen.Op(body))
}
