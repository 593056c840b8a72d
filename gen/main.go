// Command gen writes the engine's geometry tables and its unrolled per-cell
// threat tests as Go source.
//
// It is run by the //go:generate line in package engine:
//
//	go run ../gen -width 7 -height 6 -pkg engine -out .
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
	"log"
	"os"

	"github.com/fourgen/fourgen/internal/geom"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("gen: ")
	flags := flag.NewFlagSet("gen", flag.ContinueOnError)
	flags.Usage = func() {
		fmt.Fprintf(flags.Output(), "usage: gen [-width W] [-height H] [-pkg NAME] [-out DIR] [-check=false]\n\n"+
			"gen writes masks_gen.go and threats_gen.go for a W×H Connect-4 board into DIR.\n\n")
		flags.PrintDefaults()
	}
	var opts options
	flags.IntVar(&opts.width, "width", geom.StandardWidth, "board width in columns")
	flags.IntVar(&opts.height, "height", geom.StandardHeight, "board height in rows")
	flags.StringVar(&opts.pkg, "pkg", "engine", "package name of the generated files")
	flags.StringVar(&opts.out, "out", ".", "directory of the target package")
	flags.BoolVar(&opts.check, "check", true, "type-check the output against the target package before writing")
	if err := flags.Parse(os.Args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			os.Exit(0)
		}
		os.Exit(2)
	}
	if flags.NArg() > 0 {
		log.Printf("unexpected arguments: %q", flags.Args())
		flags.Usage()
		os.Exit(2)
	}
	if err := run(opts); err != nil {
		log.Fatal(err)
	}
}

// options are the command-line settings of one run.
type options struct {
	width, height int
	pkg, out      string
	check         bool
}

// run renders every generated file for the geometry, checks it and writes
// the files that changed.
func run(opts options) error {
	g, err := geom.New(opts.width, opts.height)
	if err != nil {
		return err
	}
	files, err := render(g, opts.pkg)
	if err != nil {
		return err
	}
	if opts.check {
		if err := typeCheck(opts.out, files); err != nil {
			return err
		}
	}
	return writeChanged(opts.out, files)
}
