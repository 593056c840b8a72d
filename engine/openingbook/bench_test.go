package openingbook

import (
	"testing"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/engine/book"
)

// BenchmarkLookup measures one lookup in the embedded book, cycling over
// every position it holds and their mirrors (half the lookups find the key
// of the mirror).
func BenchmarkLookup(b *testing.B) {
	if !Applies() {
		b.Skip("no embedded book at this board size")
	}
	bk, err := Book()
	if err != nil {
		b.Fatal(err)
	}
	all, err := book.Positions(board.Position{}, Plies)
	if err != nil {
		b.Fatal(err)
	}
	for i, p := range all {
		if i%2 == 1 {
			all[i] = p.Mirror()
		}
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, ok := bk.Lookup(all[i]); !ok {
			b.Fatalf("position %d missing", i)
		}
		if i++; i == len(all) {
			i = 0
		}
	}
}

// BenchmarkParse measures loading the embedded book: checking its header,
// checksum, key order and every key.
func BenchmarkParse(b *testing.B) {
	if !Applies() {
		b.Skip("the embedded book is of another board size")
	}
	b.SetBytes(int64(len(Bytes())))
	for b.Loop() {
		if _, err := book.Parse(Bytes()); err != nil {
			b.Fatal(err)
		}
	}
}
