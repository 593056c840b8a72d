// Command gen writes everything in package board that depends on the size
// of the board, as Go source: the files listed in outputs (render.go), each
// built by the emitter named there, whose doc comment says what the file
// holds and which code uses it. The threat kernel is described once
// (emit_kernel.go) and rendered twice, as the scalar code the search runs at
// every node and as AVX2 code on four boards at a time for batch.
//
// What does not depend on the geometry is hand-written Go that gen only
// selects: Bits, a set of cells, and its methods are gen/oneword (a uint64,
// one operator a method) or gen/twowords (two words of whole columns, for a
// board of more than 64 bits, with the shifts that carry cells between the
// words), each built and tested in its own package, and gen copies the one
// of the board into bits_gen.go (emit_bits.go). The prose of the generated
// doc comments is docs.txtar. gen writes what the geometry decides: sizes,
// masks, tables, the unrolled per-cell tests and the kernel, through one
// abstraction of one word against two ([word]: operators, or calls of the
// two-word methods), and no AVX2 kernel on two words. Bits has the same
// methods either way, so the engine is written once against them
// (docs/sizes.md).
//
// It is run by the //go:generate line in package board, the one place that
// names the size of the board the engine plays:
//
//	go run ../../gen -width W -height H -pkg board -out .
//
// With -overlay FILE it writes the files for another size beside FILE instead,
// with FILE mapping them over the engine's for go build -overlay: that is how
// make c4 SIZE=WxH builds a command for another board without changing the
// checked-in files.
//
// Every table is derived from package internal/geom; gen never imports the
// engine, so a broken generated file can always be regenerated. Output is
// deterministic, formatted and type-checked against the target package
// before it replaces anything, and a file is rewritten only when its bytes
// change.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"os"

	"github.com/fourgen/fourgen/internal/genout"
	"github.com/fourgen/fourgen/internal/geom"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("gen: ")
	opts, err := parseOptions(os.Args[1:], os.Stderr)
	switch {
	case errors.Is(err, flag.ErrHelp):
		os.Exit(0)
	case err != nil:
		log.Print(err)
		os.Exit(2)
	}
	if err := run(opts); err != nil {
		log.Fatal(err)
	}
}

// parseOptions parses gen's command line (without the program name),
// printing usage to stderr on a mistake. The board's size has no default:
// the //go:generate line in package board is the one place that names it.
func parseOptions(args []string, stderr io.Writer) (options, error) {
	flags := flag.NewFlagSet("gen", flag.ContinueOnError)
	flags.SetOutput(stderr)
	flags.Usage = func() {
		fmt.Fprintf(stderr, "usage: gen -width W -height H [-k K] [-pkg NAME] [-out DIR] [-overlay FILE]\n\n"+
			"gen writes the generated files of package board for a W×H board of K in a row into DIR,\n"+
			"or, with -overlay, beside FILE with FILE mapping them over DIR for go build -overlay.\n\n")
		flags.PrintDefaults()
	}
	var opts options
	flags.IntVar(&opts.width, "width", 0, fmt.Sprintf("board width in columns (%d to %d)", minWidth, maxWidth))
	flags.IntVar(&opts.height, "height", 0, fmt.Sprintf("board height in rows (at least %d; width×(height+1) at most 128)", minHeight))
	flags.IntVar(&opts.k, "k", 4, "the stones in a row that win (3 to the board's longest line)")
	flags.StringVar(&opts.pkg, "pkg", "board", "package name of the generated files")
	flags.StringVar(&opts.out, "out", ".", "directory of the target package")
	flags.StringVar(&opts.overlay, "overlay", "", "write the files beside this overlay file instead of into -out")
	if err := flags.Parse(args); err != nil {
		return opts, err
	}
	if flags.NArg() > 0 || opts.width == 0 || opts.height == 0 {
		flags.Usage()
		return opts, fmt.Errorf("-width and -height are required, and no arguments: have %q", flags.Args())
	}
	return opts, nil
}

// options are the command-line settings of one run.
type options struct {
	width, height int
	k             int // the stones in a row that win
	pkg, out      string
	overlay       string // with a path, write beside it and map over out (see genout.WriteOverlay)
}

// The sizes the engine supports: a board under four columns or rows has lines
// of four in one direction only, and the widest board of the published tables
// of solved boards has 12 columns (move strings of more than nine columns
// write them as numbers separated by commas: see engine/board/notation.go),
// as many as internal/geom's widest board of up to 128 bits, which the engine
// plays in two words (docs/sizes.md).
const (
	minWidth  = 4
	maxWidth  = 12
	minHeight = 4
)

// run renders every generated file for the geometry, checks it and writes
// the files that changed.
func run(opts options) error {
	g, err := geom.New(opts.width, opts.height, opts.k)
	if opts.width < minWidth || opts.width > maxWidth || opts.height < minHeight {
		return fmt.Errorf("a %d×%d board: the engine plays %d to %d columns and at least %d rows",
			opts.width, opts.height, minWidth, maxWidth, minHeight)
	}
	if err != nil {
		return err
	}
	files, err := render(g, opts.pkg)
	if err != nil {
		return err
	}
	if err := typeCheck(opts.out, files); err != nil {
		return err
	}
	if opts.overlay != "" {
		return genout.WriteOverlay(opts.overlay, opts.out, files)
	}
	return genout.WriteChanged(opts.out, files)
}
