// This file holds the --book and --no-book flags that every command that
// solves shares.

package main

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/book"
	"github.com/fourgen/fourgen/engine/openingbook"
)

// bookChoice is where a command's opening book comes from: the embedded
// book (openingbook.Plies stones) by default, another file with --book, none with --no-book.
type bookChoice struct {
	file string
	none bool
}

// addBookFlags registers --book and --no-book on fs.
func addBookFlags(fs *flag.FlagSet) *bookChoice {
	var c bookChoice
	def := fmt.Sprintf("the embedded %d-ply book", openingbook.Plies)
	if !bookApplies() {
		def = fmt.Sprintf("none, the embedded book is %d×%d", openingbook.Width, openingbook.Height)
	}
	fs.StringVar(&c.file, "book", "", "opening book `file` (default: "+def+")")
	fs.BoolVar(&c.none, "no-book", false, "use no opening book: search every position from scratch")
	return &c
}

// addShortBookFlag registers -b FILE on fs as another name of --book,
// as Pascal Pons's c4solver spells it.
func (c *bookChoice) addShortBookFlag(fs *flag.FlagSet) {
	fs.StringVar(&c.file, "b", "", "short for --book `file` (c4solver's -b; it reads fourgen's books, not c4solver's)")
}

// At a board other than the embedded book's, the default choice is no
// book. The user did not ask for one, so no command says so (once, on
// every command, was noise): the --book flag's help does. (A variable, so
// that a test can try it at 7×6.)
var bookApplies = openingbook.Applies

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
