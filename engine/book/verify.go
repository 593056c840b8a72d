package book

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/engine/book/bitbully"
)

// This file checks a book, or the solver alone, against BitBully's
// published 8-ply database.

// VerifyOptions says what [Verify] checks and how.
type VerifyOptions struct {
	// Solver answers the positions the book lacks; Verify gives it the
	// book, and for the fresh solves takes it away and resets the table.
	// Nil makes a solver with the default table.
	Solver *engine.Solver
	Sample int    // positions absent from the database to check, -1 for all
	Solve  int    // book positions to solve afresh without a book
	Seed   uint64 // seed of the random choices
	Limit  int    // database entries to check, 0 for all
	// Progress, if not nil, is called after every position checked with
	// the number done and the total.
	Progress func(done, total int)
	// Disagreement, if not nil, is called with each disagreement found.
	Disagreement func(Disagreement)
}

// A Tally counts one phase of the check.
type Tally struct {
	Checked, Agree, Disagree int
	Of                       int // positions the phase could check
}

// A Report is what [Verify] checked and found.
type Report struct {
	DB       Tally // the database's entries
	Sample   Tally // positions absent from the database, first-player wins
	Exact    Tally // book positions solved afresh, without a book
	FromBook int   // positions the book answered
	Solved   int   // positions the solver answered
}

// Disagreements is the number of disagreements of every phase.
func (r Report) Disagreements() int { return r.DB.Disagree + r.Sample.Disagree + r.Exact.Disagree }

// A Disagreement is a position where the book, or the solver, disagrees
// with BitBully's database or with a fresh solve.
type Disagreement struct {
	Position board.Position
	Fresh    bool // a fresh solve: Want is the book's score, Got the solve's
	// Want is BitBully's outcome (1, 0, -1 for the side to move), or with
	// Fresh the book's score.
	Want int
	// Got is our outcome, or with Fresh the fresh solve's score.
	Got    int
	Source string // where our outcome came from: "book score S" or "solved"
}

// String describes the disagreement on one line, naming the position by a
// move string and its stone string.
func (d Disagreement) String() string {
	if d.Fresh {
		return fmt.Sprintf("disagreement: %s: the book says %s, a fresh solve %s",
			positionName(d.Position), board.Score(d.Want), board.Score(d.Got))
	}
	return fmt.Sprintf("disagreement: %s: BitBully says %s, we say %s (%s)",
		positionName(d.Position), outcomeName(d.Want), outcomeName(d.Got), d.Source)
}

// Verify checks b (nil for the solver alone) against db: every database
// entry (or the first opts.Limit), then a sample of the positions absent
// from it, which must be first-player wins, then opts.Solve random
// positions of b (-1: all) solved afresh without a book, whose exact
// scores must agree. With no db (at a board other than the database's,
// see [bitbully.Applies]) it makes the fresh solves alone. It returns the
// report also when ctx is cancelled, with what was checked by then.
func Verify(ctx context.Context, b *engine.Book, db *bitbully.DB, opts VerifyOptions) (Report, error) {
	switch {
	case opts.Solve != 0 && (b == nil || b.Kind() != engine.BookExact):
		return Report{}, errors.New("fresh solves compare exact scores: they need a book of exact scores")
	case db == nil && opts.Solve == 0:
		return Report{}, errors.New("nothing to check: no database and no fresh solves")
	}
	v := &verifier{ctx: ctx, b: b, s: opts.Solver, opts: opts}
	if v.s == nil {
		var err error
		if v.s, err = engine.NewSolver(0); err != nil {
			return Report{}, err
		}
	}
	v.s.SetBook(b) // a deeper book also speeds up the solver
	fresh := freshSample(b, opts.Solve, opts.Seed)
	var entries []bitbully.Entry
	var sample []board.Position
	if db != nil {
		entries = db.Entries()
		if opts.Limit > 0 && opts.Limit < len(entries) {
			entries = entries[:opts.Limit]
		}
		var err error
		if sample, v.r.Sample.Of, err = absentSample(db, opts.Sample, opts.Seed); err != nil {
			return v.r, err
		}
		v.r.DB.Of = db.Len()
	}
	v.r.Exact.Of = len(fresh)
	v.total = len(entries) + len(sample) + len(fresh)
	for _, e := range entries {
		if err := v.check(&v.r.DB, e.Position, e.Outcome); err != nil {
			return v.r, err
		}
	}
	for _, p := range sample {
		if err := v.check(&v.r.Sample, p, 1); err != nil {
			return v.r, err
		}
	}
	err := v.solveFresh(fresh) // before reading v.r, which it fills in
	return v.r, err
}

// freshSample draws n of b's entries (-1: all) to solve afresh, by their
// indices in key order (neighbours share table entries); none when n is
// 0.
func freshSample(b *engine.Book, n int, seed uint64) []int {
	if n == 0 {
		return nil
	}
	if n < 0 {
		n = b.Len()
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	fresh := rng.Perm(b.Len())[:min(n, b.Len())]
	slices.Sort(fresh)
	return fresh
}

// A verifier is one run of [Verify]: what it checks with, and its report
// so far.
type verifier struct {
	ctx   context.Context
	b     *engine.Book
	s     *engine.Solver
	opts  VerifyOptions
	r     Report
	total int // the positions of every phase
}

// progress reports the positions checked so far.
func (v *verifier) progress() {
	if v.opts.Progress != nil {
		v.opts.Progress(v.r.DB.Checked+v.r.Sample.Checked+v.r.Exact.Checked, v.total)
	}
}

// disagree counts a disagreement in t and reports it.
func (v *verifier) disagree(t *Tally, d Disagreement) {
	t.Disagree++
	if v.opts.Disagreement != nil {
		v.opts.Disagreement(d)
	}
}

// check compares p's outcome, from the book or the solver, with want.
func (v *verifier) check(t *Tally, p board.Position, want int) error {
	if err := v.ctx.Err(); err != nil { // the book answers without looking
		return err
	}
	got, source, err := outcome(v.ctx, v.b, v.s, &v.r, p)
	if err != nil {
		return err
	}
	t.Checked++
	if got == want {
		t.Agree++
	} else {
		v.disagree(t, Disagreement{Position: p, Want: want, Got: got, Source: source})
	}
	v.progress()
	return nil
}

// solveFresh solves the book's entries of the indices fresh again, without
// a book and from an empty table, and compares the exact scores.
func (v *verifier) solveFresh(fresh []int) error {
	if len(fresh) == 0 {
		return nil
	}
	v.s.SetBook(nil)
	v.s.Reset()
	for _, i := range fresh {
		p, want, err := v.b.Entry(i)
		if err != nil {
			return err
		}
		got, err := v.s.Solve(v.ctx, p)
		if err != nil {
			return err
		}
		v.r.Exact.Checked++
		if got == want {
			v.r.Exact.Agree++
		} else {
			v.disagree(&v.r.Exact, Disagreement{Position: p, Fresh: true, Want: int(want), Got: int(got)})
		}
		v.progress()
	}
	return nil
}

// outcome is p's outcome for the side to move (1, 0, -1), from b when it
// holds p and from s otherwise, and where it came from; r counts which.
func outcome(ctx context.Context, b *engine.Book, s *engine.Solver, r *Report, p board.Position) (int, string, error) {
	if v, ok := b.Lookup(p); ok {
		r.FromBook++
		return v.Outcome(), "book score " + v.String(), nil
	}
	v, err := s.SolveWeak(ctx, p)
	if err != nil {
		return 0, "", err
	}
	r.Solved++
	return v.Outcome(), "solved", nil
}

// absentSample draws n (-1 for all) of the 8-ply positions (one per mirror
// pair) that db holds under neither orientation, which it says are
// first-player wins, in book-key order, and says how many there are. The
// same seed draws the same sample.
func absentSample(db *bitbully.DB, n int, seed uint64) ([]board.Position, int, error) {
	all, err := Positions(board.Position{}, bitbully.Plies)
	if err != nil {
		return nil, 0, err
	}
	var absent []board.Position
	for _, p := range all {
		if _, ok := db.Outcome(p); !ok {
			absent = append(absent, p)
		}
	}
	if n < 0 || n >= len(absent) {
		return absent, len(absent), nil
	}
	rng := rand.New(rand.NewPCG(seed, 0))
	picked := rng.Perm(len(absent))[:n]
	slices.Sort(picked) // keep key order: neighbours share table entries
	sample := make([]board.Position, n)
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

// positionName names a position by a move string that reaches it, for
// pasting into c4 show or c4 solve, and by its stone string: "MOVES (key
// K)", or "key K" when no game reaches it.
func positionName(p board.Position) string {
	key := strconv.FormatUint(board.StoneString(p), 10)
	moves, err := moveString(p)
	if err != nil {
		return "key " + key
	}
	return fmt.Sprintf("%s (key %s)", moves, key)
}
