package main

import (
	"embed"
	"strings"

	"github.com/dave/jennifer/jen"
)

// The representation of a set of cells is hand-written Go, one package a
// representation, each built and tested where it stands: gen/oneword, a
// uint64 whose methods are one operator each, and gen/twowords, two words
// of whole columns, whose shifts carry the cells beside the boundary from
// one word to the other, with the AVX2 kernel's stand-in on two words.
//
//go:embed oneword/bits.go twowords/bits.go twowords/kernel_simd.go
var sources embed.FS

// emitBitsFile emits bits_gen.go: Bits, a set of cells of the board, and
// the methods the hand-written engine uses instead of operators, so that
// board and engine are written once for both representations: the file of
// the board's representation, copied.
func emitBitsFile(f *jen.File, b *board) {
	copySource(f, [...]string{"oneword", "twowords"}[b.Words()-1]+"/bits.go")
}

// copySource emits the declarations of the embedded file name, everything
// after its package clause; the sizes it uses are size_gen.go's. This is
// the generator's second raw-text escape hatch (hex being the first): the
// text is Go that compiles and is tested in its own package.
func copySource(f *jen.File, name string) {
	src, err := sources.ReadFile(name)
	if err != nil {
		panic(err) // embedded above
	}
	_, body, _ := strings.Cut(string(src), "package board\n")
	f.Add(jen.Op(body))
}
