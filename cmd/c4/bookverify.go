// This file holds c4 book verify: checking our book, or the solver alone,
// against BitBully's published 8-ply database.

package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/internal/bitbully"
)

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
	fs.IntVar(&cfg.solve, "solve", 0, "solve `N` random positions of our book afresh, without any book, and compare exact scores")
	fs.Uint64Var(&cfg.seed, "seed", 1, "seed of the random sample")
	fs.IntVar(&cfg.limit, "limit", 0, "check only the first N database entries (0: all)")
	mib := tableFlag(fs)
	extra, err := parseArgs(fs, args, stdout)
	if err != nil {
		return err
	}
	cfg.tableMiB = *mib
	if cfg.against == "" {
		cfg.against, err = defaultAgainst()
		if err != nil {
			return usageErrorf("book", "verify needs --against FILE, BitBully's book_8ply.dat: %v", err)
		}
	}
	switch {
	case len(extra) > 0:
		return usageErrorf("book", "verify takes no arguments, got %q", extra[0])
	case cfg.limit < 0:
		return usageErrorf("book", "--limit %d: want 0 (all) or more", cfg.limit)
	case cfg.sample < -1:
		return usageErrorf("book", "--sample %d: want -1 (all), 0 or more", cfg.sample)
	case cfg.solve < 0:
		return usageErrorf("book", "--solve %d: want 0 or more", cfg.solve)
	case cfg.solve > 0 && cfg.book.none:
		return usageErrorf("book", "--solve checks a book's exact scores: it needs a book, not --no-book")
	}
	if err := checkTable("book", cfg.tableMiB); err != nil {
		return err
	}
	return verifyBook(ctx, cfg, stdout, stderr)
}

// verifier answers the outcome of positions from our book when it holds
// them, and from the solver otherwise.
type verifier struct {
	ctx      context.Context
	book     *engine.Book // nil for none
	solver   *engine.Solver
	fromBook int // positions the book answered
	solved   int // positions the solver answered
}

// outcome is p's outcome for the side to move (1, 0, -1), the score it
// comes from and where that score came from.
func (v *verifier) outcome(p engine.Position) (int, string, error) {
	if s, ok := v.book.Lookup(p); ok {
		v.fromBook++
		return s.Outcome(), "book score " + s.String(), nil
	}
	s, err := v.solver.SolveWeak(v.ctx, p)
	if err != nil {
		return 0, "", err
	}
	v.solved++
	return s.Outcome(), "solved", nil
}

// verifyTally counts one phase of the check.
type verifyTally struct {
	checked, agree, disagree, of int
}

// verifyBook checks every database entry (or the first cfg.limit), then a
// sample of the positions absent from it, printing each disagreement on
// stderr and a summary on stdout, also when interrupted.
func verifyBook(ctx context.Context, cfg verifyConfig, stdout, stderr io.Writer) error {
	book, err := cfg.book.load("book verify")
	if err != nil {
		return err
	}
	if cfg.solve > 0 && book.Kind() != engine.BookExact {
		return usageErrorf("book", "--solve compares exact scores, but the book holds outcomes only")
	}
	solver, err := engine.NewSolverChecked(cfg.tableMiB)
	if err != nil {
		return fmt.Errorf("book verify: --tt-mb %d: %w", cfg.tableMiB, err)
	}
	v := &verifier{ctx: ctx, book: book, solver: solver}
	f, err := os.Open(cfg.against)
	if err != nil {
		return fmt.Errorf("book verify: %w", err)
	}
	db, err := bitbully.Read(f)
	f.Close()
	if err != nil {
		return fmt.Errorf("book verify: %s: %w", cfg.against, err)
	}
	v.solver.SetBook(v.book) // a deeper book also speeds up the solver
	var fresh []int          // indices of the book's entries to solve afresh
	if cfg.solve > 0 {
		r := rand.New(rand.NewPCG(cfg.seed, 1))
		fresh = r.Perm(v.book.Len())[:min(cfg.solve, v.book.Len())]
		slices.Sort(fresh) // key order: neighbours share table entries
	}

	entries := db.Entries()
	if cfg.limit > 0 && cfg.limit < len(entries) {
		entries = entries[:cfg.limit]
	}
	sample, absent, err := absentSample(db, cfg.sample, cfg.seed)
	if err != nil {
		return fmt.Errorf("book verify: %w", err)
	}

	var inDB, inSample, exact verifyTally
	inDB.of, inSample.of = db.Len(), absent
	progress := newBuildProgress(stderr)
	total := len(entries) + len(sample) + len(fresh)
	summary := func() {
		progress.finish()
		fmt.Fprintf(stdout, "database %s: %d of %d entries checked: %d agree, %d disagree\n",
			cfg.against, inDB.checked, inDB.of, inDB.agree, inDB.disagree)
		fmt.Fprintf(stdout, "sample: %d of the %d positions absent from the database checked: %d first-player wins, %d disagree\n",
			inSample.checked, inSample.of, inSample.agree, inSample.disagree)
		fmt.Fprintf(stdout, "answered by the book: %d, by the solver: %d\n", v.fromBook, v.solved)
		if len(fresh) > 0 {
			fmt.Fprintf(stdout, "exact: %d of %d book positions solved afresh without a book: %d agree, %d disagree\n",
				exact.checked, len(fresh), exact.agree, exact.disagree)
		}
	}
	check := func(t *verifyTally, p engine.Position, want int) error {
		if err := ctx.Err(); err != nil { // the book answers without looking
			return err
		}
		got, source, err := v.outcome(p)
		if err != nil {
			return err
		}
		t.checked++
		if got == want {
			t.agree++
		} else {
			t.disagree++
			progress.println(stderr, fmt.Sprintf("disagreement: %s: BitBully says %s, we say %s (%s)",
				positionName(p), outcomeName(want), outcomeName(got), source))
		}
		progress.update(inDB.checked+inSample.checked+exact.checked, total)
		return nil
	}
	for _, e := range entries {
		if err := check(&inDB, e.Position, e.Outcome); err != nil {
			summary()
			return err
		}
	}
	for _, p := range sample {
		if err := check(&inSample, p, 1); err != nil {
			summary()
			return err
		}
	}
	if len(fresh) > 0 {
		solver := v.solver // now without a book, and with an empty table
		solver.SetBook(nil)
		solver.Reset()
		for _, i := range fresh {
			bad, err := checkExact(ctx, solver, v.book, i, &exact)
			if err != nil {
				summary()
				return err
			}
			if bad != "" {
				progress.println(stderr, bad)
			}
			progress.update(inDB.checked+inSample.checked+exact.checked, total)
		}
	}
	summary()
	if n := inDB.disagree + inSample.disagree + exact.disagree; n > 0 {
		return fmt.Errorf("book verify: %d disagreements with %s", n, cfg.against)
	}
	return nil
}

// checkExact solves the i-th position of the book with solver, which has no
// book, and counts in t whether the scores agree. On a disagreement it
// returns a description of it.
func checkExact(ctx context.Context, solver *engine.Solver, book *engine.Book, i int, t *verifyTally) (string, error) {
	p, want, err := book.Entry(i)
	if err != nil {
		return "", err
	}
	got, err := solver.Solve(ctx, p)
	if err != nil {
		return "", err
	}
	t.checked++
	if got == want {
		t.agree++
		return "", nil
	}
	t.disagree++
	return fmt.Sprintf("disagreement: %s: the book says %s, a fresh solve %s", positionName(p), want, got), nil
}

// absentSample draws n of the 8-ply positions (one per mirror pair) that
// the database holds under neither orientation, which it says are
// first-player wins, in book-key order, and says how many there are.
func absentSample(db *bitbully.DB, n int, seed uint64) ([]engine.Position, int, error) {
	all, err := engine.BookPositions(engine.Position{}, bitbully.Plies)
	if err != nil {
		return nil, 0, err
	}
	var absent []engine.Position
	for _, p := range all {
		if _, ok := db.Outcome(p); !ok {
			absent = append(absent, p)
		}
	}
	if n < 0 || n >= len(absent) {
		return absent, len(absent), nil
	}
	r := rand.New(rand.NewPCG(seed, 0))
	picked := r.Perm(len(absent))[:n]
	slices.Sort(picked) // keep key order: neighbours share table entries
	sample := make([]engine.Position, n)
	for i, j := range picked {
		sample[i] = absent[j]
	}
	return sample, len(absent), nil
}

// outcomeName names an outcome for the side to move.
func outcomeName(o int) string {
	switch {
	case o > 0:
		return "win"
	case o < 0:
		return "loss"
	}
	return "draw"
}

// positionName names a position by a move string that reaches it, for pasting
// into c4 show or c4 solve, and by its stone string.
func positionName(p engine.Position) string {
	key := strconv.FormatUint(engine.StoneString(p), 10)
	moves, err := moveString(p)
	if err != nil {
		return "key " + key
	}
	return fmt.Sprintf("%s (key %s)", moves, key)
}

// errUnreachable says no game reaches a position.
var errUnreachable = errors.New("no game reaches the position")

// moveString finds a move string that plays p from the empty board: the
// players alternate, each dropping a stone where p has one of theirs. It
// reads p's stones from its stone string; the search is exhaustive, for
// positions of few stones like a book's.
func moveString(p engine.Position) (string, error) {
	var columns [engine.Width][]bool // each column bottom up: true for a first-player stone
	code, col := engine.StoneString(p), 0
	for pos := 2*p.Moves() + engine.Width + 1; col < engine.Width && pos > 1; {
		pos--
		if code>>pos&1 == 0 {
			col++
			continue
		}
		pos--
		columns[col] = append(columns[col], code>>pos&1 == 0)
	}
	var heights [engine.Width]int
	moves := make([]byte, 0, p.Moves())
	var search func() bool
	search = func() bool {
		if len(moves) == p.Moves() {
			return true
		}
		first := len(moves)%2 == 0
		for c := range engine.Width {
			if heights[c] < len(columns[c]) && columns[c][heights[c]] == first {
				heights[c]++
				moves = append(moves, byte('1'+c))
				if search() {
					return true
				}
				heights[c]--
				moves = moves[:len(moves)-1]
			}
		}
		return false
	}
	if !search() {
		return "", errUnreachable
	}
	return string(moves), nil
}
