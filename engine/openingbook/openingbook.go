package openingbook

import (
	_ "embed"
	"fmt"
	"sync"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/engine/book"
)

// Plies is the stone count of the positions in the embedded book.
const Plies = 11

// Width and Height are the board the embedded book is of, and inARow its
// rule: four in a row.
const Width, Height, inARow = 7, 6, 4

// ErrOtherSize is the error of [Book] when this engine plays another
// board or another rule than the book's: the build (make c4 SIZE=WxH K=k)
// has no book.
var ErrOtherSize = fmt.Errorf("the embedded opening book is of the %d×%d board of %d in a row, this engine plays %d×%d of %d in a row",
	Width, Height, inARow, board.Width, board.Height, board.InARow)

//go:embed book11.fgb
var data []byte

// Applies reports whether the embedded book is of this engine's board and
// rule. When it is not, [Book] returns [ErrOtherSize] and a program runs
// without a book: a build of five in a row on 7×6 has none.
func Applies() bool {
	return board.Width == Width && board.Height == Height && board.InARow == inARow
}

// Book returns the embedded book, parsed (and its checksum checked) on the
// first call. Every call returns the same read-only book, which any number
// of solvers may share. At a board other than the book's it returns nil
// and [ErrOtherSize]; callers that can do without a book test for it with
// errors.Is or ask [Applies] first.
func Book() (*engine.Book, error) { return parsed() }

var parsed = sync.OnceValues(func() (*engine.Book, error) {
	if !Applies() {
		return nil, ErrOtherSize
	}
	b, err := book.ParseTrusted(data) // every entry checked by this package's tests
	if err != nil {
		return nil, fmt.Errorf("embedded opening book: %w", err)
	}
	if b.Plies() != Plies {
		return nil, fmt.Errorf("embedded opening book: %d plies, want %d", b.Plies(), Plies)
	}
	return b, nil
})

// Bytes returns the embedded book file as it is stored (read-only: do not
// modify it). It is a book of the 7×6 board whatever [Applies] says.
func Bytes() []byte { return data }
