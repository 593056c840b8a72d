// This file holds the --book and --no-book flags that every command that
// solves shares.

package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"sync"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/book"
	"github.com/fourgen/fourgen/engine/openingbook"
)

// bookChoice is where a command's opening book comes from: the embedded
// 9-ply book by default, another file with --book, none with --no-book.
type bookChoice struct {
	file string
	none bool
}

// addBookFlags registers --book and --no-book on fs.
func addBookFlags(fs *flag.FlagSet) *bookChoice {
	var c bookChoice
	fs.StringVar(&c.file, "book", "", "opening book `file` to answer its positions from (default: the embedded 9-ply book)")
	fs.BoolVar(&c.none, "no-book", false, "use no opening book: search every position from scratch")
	return &c
}

// addShortBookFlag registers -b FILE on fs as another name of --book,
// as Pascal Pons's c4solver spells it.
func (c *bookChoice) addShortBookFlag(fs *flag.FlagSet) {
	fs.StringVar(&c.file, "b", "", "short for --book `file` (c4solver's -b; it reads fourgen's books, not c4solver's)")
}

// At a board other than the embedded book's, the default choice is no book,
// said once on bookNote. (Variables, so that a test can try it at 7×6.)
var (
	bookApplies           = openingbook.Applies
	bookNote    io.Writer = os.Stderr
	noteNoBook  sync.Once
)

// load returns the chosen book, nil for --no-book (or a nil choice). cmd
// names the command in errors.
func (c *bookChoice) load(cmd string) (*engine.Book, error) {
	switch {
	case c == nil:
		return nil, nil
	case c.none && c.file != "":
		return nil, usageErrorf(strings.Fields(cmd)[0], "--book and --no-book exclude each other")
	case c.none:
		return nil, nil
	case c.file == "" && !bookApplies():
		noteNoBook.Do(func() { fmt.Fprintf(bookNote, "c4: %v: running without a book\n", openingbook.ErrOtherSize) })
		return nil, nil
	case c.file == "":
		return openingbook.Book()
	}
	f, err := os.Open(c.file)
	if pe, ok := errors.AsType[*fs.PathError](err); ok {
		err = pe.Err // the flag names the file
	}
	if err != nil {
		return nil, fmt.Errorf("%s: --book %s: %w", cmd, c.file, err)
	}
	defer f.Close()
	b, err := book.Read(f)
	if err != nil {
		return nil, fmt.Errorf("%s: --book %s: %w", cmd, c.file, err)
	}
	return b, nil
}
