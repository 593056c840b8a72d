// This file holds the books of the engine: the small one built into
// fourgen.wasm, and the deep one a page or the npm package fetches after
// start-up and hands to the engine (op loadBook).

package main

import (
	_ "embed"
	"fmt"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/book"
	"github.com/fourgen/fourgen/internal/answer"
)

// smallBookPlies is the stone count of the positions in the small book.
const smallBookPlies = 6

// smallBookData is the small book, made by make wasm-book from the engine's
// own search (with the embedded 11-ply book's help); TestSmallBook checks
// its entries against the engine. It answers the first positions of a game
// at once while the deep book is on its way, and it keeps fourgen.wasm
// light: the 11-ply book is 8.9 MB, this one 38 KB.
//
//go:embed book6.fgb
var smallBookData []byte

// smallBook returns the small book. It is of the classic board: at
// another one (make c4 SIZE=…) it is refused as a book of another board,
// and the engine starts without it; TestSmallBook checks that it reads on
// the classic board.
func smallBook() (*engine.Book, error) {
	b, err := book.ParseTrusted(smallBookData)
	if err != nil {
		return nil, fmt.Errorf("the small book: %w", err)
	}
	if b.Plies() != smallBookPlies {
		return nil, fmt.Errorf("the small book: %d plies, want %d", b.Plies(), smallBookPlies)
	}
	return b, nil
}

// maxBookBytes bounds a book handed to the engine: the 11-ply book is
// 8.9 MB; a 12-ply one would be about 36 MB.
const maxBookBytes = 64 << 20

// loaded is the answer of op loadBook.
type loaded struct {
	Plies     int `json:"plies"`
	Positions int `json:"positions"`
}

// loadBook checks data, a book file, and makes it the worker's book in
// place of the small one; a book the engine cannot read (truncated,
// corrupt, of another board or another format version of the engine) is
// refused and the worker keeps the book it had. It checks what
// [book.ParseTrusted] checks (the header, the size, the checksum, the
// order of the keys, the range of the scores), not each entry's position:
// checking them took 0.6 s in WebAssembly, the rest 0.1 s (measured once, a loaded
// machine), and the file is the one make wasm copied beside the engine.
func (w *worker) loadBook(data []byte) (loaded, error) {
	if len(data) > maxBookBytes {
		return loaded{}, answer.Refusef("bad book: %d bytes, at most %d", len(data), maxBookBytes)
	}
	b, err := book.ParseTrusted(data)
	if err != nil {
		return loaded{}, answer.Refusef("%v", err)
	}
	w.solver.SetBook(b)
	w.book = b
	return loaded{Plies: b.Plies(), Positions: b.Len()}, nil
}
