package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/engine/book"
	"github.com/fourgen/fourgen/engine/openingbook"
	"github.com/fourgen/fourgen/internal/interrupt"
	"github.com/fourgen/fourgen/internal/progress"
	"github.com/fourgen/fourgen/internal/shard"
)

var bookHelp = helpText("book")

// runBook dispatches c4 book's own subcommands.
func runBook(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return usageErrorf("book", "want build, merge, info or verify")
	}
	switch args[0] {
	case "build":
		return runBookBuild(ctx, args[1:], stdout, stderr)
	case "merge":
		return runBookMerge(args[1:], stdout)
	case "info":
		return runBookInfo(args[1:], stdout)
	case "verify":
		return runBookVerify(ctx, args[1:], stdout, stderr)
	case "-h", "-help", "--help":
		c, _ := lookup("book")
		printHelp(stdout, c, flag.NewFlagSet("book", flag.ContinueOnError))
		return flag.ErrHelp
	}
	return usageErrorf("book", "unknown book command %q: want build, merge, info or verify", args[0])
}

func runBookBuild(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("book", flag.ContinueOnError)
	plies := fs.Int("plies", 8, "stones of every position in the book")
	root := fs.String("root", "", "move string of the opening the book starts from (default: the empty board)")
	parts := shard.AddFlags(fs, "the part `i/n` of the work to do")
	weak := fs.Bool("weak", false, "store win/draw/loss only (faster)")
	out := fs.String("out", "", "shard file to write and resume (default book-PLIES-I-of-N.shard)")
	mib := tableFlag(fs)
	books := addBookFlags(fs)
	if _, err := parseArgs(fs, args, stdout); err != nil {
		return err
	}
	if err := checkTable("book", *mib); err != nil {
		return err
	}
	consult, err := books.load("book build")
	if err != nil {
		return err
	}
	opts := book.BuildOptions{Root: *root, Plies: *plies, Kind: engine.BookExact, TableMiB: *mib, Book: consult}
	if *weak {
		opts.Kind = engine.BookWDL
	}
	if opts.Shard, err = parts.Choose(os.Getenv); err != nil {
		return usageErrorf("book", "%v", err)
	}
	if *out == "" {
		*out = fmt.Sprintf("book-%d-%d-of-%d.shard", *plies, opts.Shard.Index, opts.Shard.Of)
	}
	shown := progress.NewResumable(stderr, "positions")
	opts.Progress = shown.Update
	interrupt.Allow(ctx, finishGrace)
	err = book.BuildShard(ctx, *out, opts)
	shown.Close()
	if err != nil {
		return fmt.Errorf("book build: %w", err)
	}
	fmt.Fprintf(stdout, "%s: shard %v of the %d-ply book complete\n", *out, opts.Shard, *plies)
	return nil
}

// runBookInfo describes the book file named by args, or the embedded
// book when there is none.
func runBookInfo(args []string, stdout io.Writer) error {
	if len(args) > 1 {
		return usageErrorf("book", "info takes at most one book file, got %d", len(args))
	}
	name, r := "embedded book (openingbook)", io.Reader(bytes.NewReader(openingbook.Bytes()))
	if len(args) == 0 && !openingbook.Applies() {
		return fmt.Errorf("book info: %w: this c4 has no embedded book; give a book file of its board (c4 book info FILE), or build one (docs/book.md)", openingbook.ErrOtherSize)
	}
	if len(args) == 1 {
		f, err := os.Open(args[0])
		if err != nil {
			return err
		}
		defer f.Close()
		name, r = args[0], f
	}
	b, err := book.Read(r)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	kind := "exact scores"
	if b.Kind() == engine.BookWDL {
		kind = "win/draw/loss"
	}
	fmt.Fprintf(stdout, "%s: %d×%d board, %d positions of %d stones, %s, %d bytes\n",
		name, board.Width, board.Height, b.Len(), b.Plies(), kind, book.Size(b))
	return nil
}
