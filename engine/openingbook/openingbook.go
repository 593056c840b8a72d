package openingbook

import (
	_ "embed"
	"fmt"
	"sync"

	"github.com/fourgen/fourgen/engine"
)

// Plies is the stone count of the positions in the book.
const Plies = 8

//go:embed book8.fgb
var data []byte

// Book returns the embedded book, parsed (and its checksum checked) on the
// first call. Every call returns the same read-only book, which any number
// of solvers may share.
func Book() (*engine.Book, error) { return parsed() }

var parsed = sync.OnceValues(func() (*engine.Book, error) {
	b, err := engine.ParseBook(data)
	if err != nil {
		return nil, fmt.Errorf("embedded opening book: %w", err)
	}
	if b.Plies() != Plies {
		return nil, fmt.Errorf("embedded opening book: %d plies, want %d", b.Plies(), Plies)
	}
	return b, nil
})

// Bytes returns the embedded book file as it is stored (read-only: do not
// modify it).
func Bytes() []byte { return data }
