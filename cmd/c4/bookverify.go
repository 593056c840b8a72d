// This file holds c4 book verify: its flags, and the printing of what
// book.Verify finds when it checks our book, or the solver alone, against
// BitBully's published 8-ply database.

package main

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/book"
	"github.com/fourgen/fourgen/engine/book/bitbully"
	"github.com/fourgen/fourgen/internal/progress"
	"github.com/fourgen/fourgen/internal/shareddata"
)

// bitbullyDefault is where the README puts BitBully's 8-ply database,
// under the reference data beside the repository.
const bitbullyDefault = "bitbully/book_8ply.dat"

// verifyConfig is what c4 book verify was asked to do.
type verifyConfig struct {
	against  string      // the BitBully database file
	book     *bookChoice // our book, or none for the solver alone
	sample   int         // positions absent from the database to check, -1 for all
	solve    int         // book positions to solve afresh without a book
	seed     uint64      // seed of the sample
	limit    int         // database entries to check, 0 for all
	tableMiB int
}

func runBookVerify(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("book", flag.ContinueOnError)
	var cfg verifyConfig
	fs.StringVar(&cfg.against, "against", "", "BitBully's 8-ply database (book_8ply.dat) to check against (default: "+bitbullyDefault+" from the repository's root, when it exists)")
	cfg.book = addBookFlags(fs)
	fs.IntVar(&cfg.sample, "sample", 1000, "how many positions absent from the database to check are first-player wins (-1: all)")
	fs.IntVar(&cfg.solve, "solve", 0, "solve `N` random positions of our book afresh, without any book, and compare exact scores (-1: all)")
	fs.Uint64Var(&cfg.seed, "seed", 1, "seed of the random sample")
	fs.IntVar(&cfg.limit, "limit", 0, "check only the first N database entries (0: all)")
	mib := tableFlag(fs)
	extra, err := parseArgs(fs, args, stdout)
	if err != nil {
		return err
	}
	cfg.tableMiB = *mib
	switch { // no --against: the README's database, or at another board none (fresh solves alone)
	case cfg.against == "" && bitbully.Applies():
		if cfg.against, err = shareddata.FindHere(bitbullyDefault); err != nil {
			return usageErrorf("book", "verify needs --against FILE, BitBully's book_8ply.dat: %v", err)
		}
	case cfg.against == "" && (cfg.solve == 0 || cfg.book.file == ""):
		return usageErrorf("book", "verify: %v, and there is none of this board: check a book of it by solving its positions afresh, --book FILE --solve N (-1: all)", bitbully.ErrOtherSize)
	}
	switch {
	case len(extra) > 0:
		return usageErrorf("book", "verify takes no arguments, got %q", extra[0])
	case cfg.limit < 0:
		return usageErrorf("book", "--limit %d: want 0 (all) or more", cfg.limit)
	case cfg.sample < -1:
		return usageErrorf("book", "--sample %d: want -1 (all), 0 or more", cfg.sample)
	case cfg.solve < -1:
		return usageErrorf("book", "--solve %d: want -1 (all), 0 or more", cfg.solve)
	case cfg.solve != 0 && cfg.book.none:
		return usageErrorf("book", "--solve checks a book's exact scores: it needs a book, not --no-book")
	}
	if err := checkTable("book", cfg.tableMiB); err != nil {
		return err
	}
	return verifyBook(ctx, cfg, stdout, stderr)
}

// verifyBook checks the book against the database with book.Verify,
// printing each disagreement on stderr and a summary on stdout, also when
// interrupted.
func verifyBook(ctx context.Context, cfg verifyConfig, stdout, stderr io.Writer) error {
	b, err := cfg.book.load("book verify")
	if err != nil {
		return err
	}
	if cfg.solve > 0 && b.Kind() != engine.BookExact {
		return usageErrorf("book", "--solve compares exact scores, but the book holds outcomes only")
	}
	solver, err := engine.NewSolver(cfg.tableMiB)
	if err != nil {
		return fmt.Errorf("book verify: --tt-mb %d: %w", cfg.tableMiB, err)
	}
	var db *bitbully.DB // none at another board: fresh solves alone
	if cfg.against != "" {
		if db, err = bitbully.ReadFile(cfg.against); err != nil {
			return fmt.Errorf("book verify: %w", err)
		}
	}
	shown := progress.NewResumable(stderr, "positions")
	r, err := book.Verify(ctx, b, db, book.VerifyOptions{
		Solver: solver, Sample: cfg.sample, Solve: cfg.solve, Seed: cfg.seed, Limit: cfg.limit,
		Progress:     shown.Update,
		Disagreement: func(d book.Disagreement) { shown.Println(stderr, d.String()) },
	})
	shown.Close()
	if db != nil {
		fmt.Fprintf(stdout, "database %s: %d of %d entries checked: %d agree, %d disagree\n",
			cfg.against, r.DB.Checked, r.DB.Of, r.DB.Agree, r.DB.Disagree)
		fmt.Fprintf(stdout, "sample: %d of the %d positions absent from the database checked: %d first-player wins, %d disagree\n",
			r.Sample.Checked, r.Sample.Of, r.Sample.Agree, r.Sample.Disagree)
		fmt.Fprintln(stdout, answeredBy(b, r))
	}
	if r.Exact.Of > 0 {
		fmt.Fprintf(stdout, "exact: %d of %d book positions solved afresh without a book: %d agree, %d disagree\n",
			r.Exact.Checked, r.Exact.Of, r.Exact.Agree, r.Exact.Disagree)
	}
	if err != nil {
		return err
	}
	if n := r.Disagreements(); n > 0 {
		return fmt.Errorf("book verify: %d disagreements with %s", n, cmp.Or(cfg.against, "fresh solves"))
	}
	return nil
}

// answeredBy says how many positions the book answered and how many the
// solver, and why the book answered none where it holds none of the
// database's positions.
func answeredBy(b *engine.Book, r book.Report) string {
	switch {
	case b == nil:
		return fmt.Sprintf("answered by the solver alone (no book): %d", r.Solved)
	case r.FromBook == 0 && b.Plies() > bitbully.Plies:
		return fmt.Sprintf("answered by the solver: %d, each searched down to the book's positions of %d stones (the database's positions have %d, so the book holds none of them)",
			r.Solved, b.Plies(), bitbully.Plies)
	case r.FromBook == 0 && b.Plies() < bitbully.Plies:
		return fmt.Sprintf("answered by the solver: %d, without the book (its positions have %d stones, fewer than the database's %d: a search never comes back to them)",
			r.Solved, b.Plies(), bitbully.Plies)
	}
	return fmt.Sprintf("answered by the book: %d, by the solver: %d", r.FromBook, r.Solved)
}
