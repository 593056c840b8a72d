package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/fourgen/fourgen/board"
	"github.com/fourgen/fourgen/book"
	"github.com/fourgen/fourgen/internal/interrupt"
	"github.com/fourgen/fourgen/internal/progress"
	"github.com/fourgen/fourgen/internal/shard"
	"github.com/fourgen/fourgen/openingbook"
	"github.com/fourgen/fourgen/solver"
)

const bookHelp = `c4 book builds, merges, describes and verifies opening books.

  c4 book build [--plies N] [--root MOVES] [--shard i/n | --shard-from-env
                --shards n] [--weak] [--out FILE] [--book BOOK | --no-book]
      solves every position of N stones (no four on the board, the side to
      move unable to win at once; one per mirror pair) and appends each
      result to FILE, a text shard file that is also the checkpoint: run the
      same command again after an interruption and it resumes where it
      stopped. --shard i/n solves only the i-th of n contiguous parts (0 ≤ i
      < n), for running parts as separate processes or machines (GNU
      parallel, a Slurm array, a Kubernetes Indexed Job); in a job array,
      --shard-from-env with --shards n takes i from JOB_COMPLETION_INDEX or
      SLURM_ARRAY_TASK_ID (minus --array-base), as c4 dataset does.
      FILE.lock keeps two builds from writing one FILE (flock on Unix: a
      killed build's lock is free again); a record of FILE that fails its
      checksum is refused. --root builds the book of one opening line. The
      search answers positions of the book's stone count (the embedded
      9-ply book, or BOOK) from it, which speeds up books of fewer stones;
      a book of N stones or fewer is never reached, and is not used.
  c4 book merge [--force] [--legacy] --out BOOK SHARD...
      joins the shard files of one build into a binary book, refusing
      shards that are missing, repeated, incomplete or overlapping. The
      shards may split the work differently as long as they tile it: a
      straggling shard 3/4 can be finished as 6/8 and 7/8. Each record of
      a shard carries a checksum keyed to the run that wrote it: an edited
      or corrupted record is refused, naming the file and line (a check
      against edits and accidents, not against whoever recomputes it).
      Legacy v1 shards, without checksums (the embedded book's), are merged
      only with --legacy. An existing BOOK is replaced only with --force,
      and never when it is one of the SHARD files (under any name or
      link). BOOK is written whole or not at all: a merge that fails leaves
      an existing BOOK as it was.
  c4 book info [BOOK]
      checks a book file, or the embedded book, and prints its header.
  c4 book verify [--against FILE] [--book BOOK | --no-book] [--sample N]
                 [--solve N] [--seed S] [--limit N]
      checks our book (the embedded 9-ply one, or BOOK; with --no-book the
      solver alone) against BitBully's published 8-ply database FILE
      (book_8ply.dat; by default ../shared/testdata/bitbully/book_8ply.dat
      from the root of the fourgen repository c4 runs in, when it is
      there): every draw and loss it lists must be ours too, and a random
      sample of N positions (default 1000, -1 for all) it leaves out must
      be first-player wins. Positions the book lacks are solved, which
      takes hours for the whole database without a book; --limit N checks
      only its first N entries. --solve N then solves N random positions
      of our book afresh, with no book, and compares the exact scores.
      Each disagreement is listed on stderr, and c4 exits 1 if there is
      any.
`

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
	opts := book.BuildOptions{Root: *root, Plies: *plies, Kind: solver.BookExact, TableMiB: *mib, Book: consult}
	if *weak {
		opts.Kind = solver.BookWDL
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
	if b.Kind() == solver.BookWDL {
		kind = "win/draw/loss"
	}
	fmt.Fprintf(stdout, "%s: %d×%d board, %d positions of %d stones, %s, %d bytes\n",
		name, board.Width, board.Height, b.Len(), b.Plies(), kind, book.Size(b))
	return nil
}
