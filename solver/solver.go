package solver

import (
	"github.com/fourgen/fourgen/board"

	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"time"
)

// symmetricPlies is the number of stones below which a position and its
// mirror share a table entry. Beyond it symmetric positions are rare and
// the canonical key is not worth its cost.
const symmetricPlies = 26

// stepPlies is the number of stones below which the driver's second probe
// tests the bound its first probe found (see solve). Measured on the empty
// board: 74.7 M nodes for that probe against 103 M for the four probes of
// the bisection; on positions/n08, n10 and n12 within ±2%.
const stepPlies = 10

// floorProbes is the number of probes with which the driver climbs from a
// floor known from the book, one step at a time, before bisecting (see
// solveFrom).
const floorProbes = 4

// DefaultTableMiB is the default size of a solver's transposition table.
const DefaultTableMiB = 64

// Solver computes exact scores. It keeps its transposition table between
// calls until [Solver.Reset]. A Solver is not safe for concurrent use; use
// one per goroutine. With [Solver.SetThreads] it runs helper threads of its
// own, which share its table.
type Solver struct {
	table     *hashTable
	book      *Book
	bookPlies int // the book's stone count, -1 without a book

	nodes       uint64
	helperNodes uint64       // of nodes, those the helpers searched in this call
	bookHits    uint64       // positions answered by the book
	bookMisses  uint64       // positions of the book's stone count it lacked
	helpers     []*Solver    // threads of the parallel search (parallel.go)
	halt        *atomic.Bool // set when another thread has finished the search
	busy        *busyTable   // the positions the threads are searching, nil with one thread

	progress   func(Progress) // progress.go
	lastReport time.Time
	lo, hi     int  // the root's score interval, for progress
	column     int  // the column Analyze is solving (1-based), or 0
	deduced    int  // columns Analyze scored without a search (see bookHints.deduce)
	weak       bool // SolveWeak is running
	ctx        context.Context
	stopped    bool
	stats      Stats
	start      time.Time
}

// Stats describes the work of the last call to a solver.
type Stats struct {
	Nodes   uint64        // negamax calls
	Elapsed time.Duration // wall time

	// BookHits counts the lookups the opening book answered, at the root
	// and in the search, over all threads. BookMisses counts the lookups of
	// positions of the book's stone count that it lacked, which the search
	// then had to search. With a book of exact scores, every node beyond
	// the book's stone count lies under such a miss (or under a root that
	// was already beyond it), so no misses means no search beyond the book;
	// a book of outcomes only bounds the score, and the search goes on
	// below its hits.
	BookHits, BookMisses uint64
}

// NewSolver returns a solver with a transposition table of about tableMiB
// MiB (rounded down to a power of two buckets); 0 means [DefaultTableMiB]. It is for sizes known to
// fit and panics when the memory cannot be had; a size from a user goes to
// [NewSolverChecked]. The solver searches with one thread until
// [Solver.SetThreads] gives it more.
//
// The solver has no opening book: every position is searched to the end,
// which takes seconds to minutes for positions of few stones. Give it
// fourgen's embedded 9-ply book with [Solver.SetBook], from package
// github.com/fourgen/fourgen/openingbook (which the engine cannot
// import itself):
//
//	b, err := openingbook.Book()
//	if err != nil { ... }
//	s := solver.NewSolver(0)
//	s.SetBook(b)
func NewSolver(tableMiB int) *Solver {
	if tableMiB == 0 {
		tableMiB = DefaultTableMiB
	}
	t, err := newTableBuckets(tableBuckets(tableMiB))
	if err != nil {
		panic(err)
	}
	return &Solver{table: t, bookPlies: -1}
}

// NewSolverChecked is [NewSolver] for a table size from a user: it refuses
// a negative size or one above [MaxTableMiB] before allocating anything,
// and returns an error when the table's memory cannot be had.
func NewSolverChecked(tableMiB int) (*Solver, error) {
	if tableMiB == 0 {
		tableMiB = DefaultTableMiB
	}
	t, err := newTable(tableMiB)
	if err != nil {
		return nil, err
	}
	return &Solver{table: t, bookPlies: -1}, nil
}

// SetBook makes the solver answer positions of the book's stone count
// from the book (nil for none).
func (s *Solver) SetBook(b *Book) {
	s.book, s.bookPlies = b, -1
	if b != nil {
		s.bookPlies = b.plies
	}
	for _, h := range s.helpers {
		h.book, h.bookPlies = s.book, s.bookPlies
	}
}

// Book is the solver's opening book, or nil.
func (s *Solver) Book() *Book { return s.book }

// Reset empties the transposition table.
func (s *Solver) Reset() { s.table.Clear() }

// Stats reports the work of the last Solve, SolveWeak, Analyze or BestMove.
func (s *Solver) Stats() Stats { return s.stats }

// ErrGameOver is returned for a position that is already won.
var ErrGameOver = errors.New("engine: the game is already over")

// ErrNoMove is returned when a move is asked for on a full board.
var ErrNoMove = errors.New("engine: no legal move: the board is full")

// Solve returns the exact score of p. It stops early with ctx's error when
// ctx is cancelled; the solver stays usable.
func (s *Solver) Solve(ctx context.Context, p board.Position) (board.Score, error) {
	s.begin(ctx)
	defer s.end()
	return s.solve(p)
}

// SolveWeak returns only the outcome of p: 1 when the side to move wins, 0
// for a draw, -1 for a loss (as a Score of that value).
func (s *Solver) SolveWeak(ctx context.Context, p board.Position) (board.Score, error) {
	s.begin(ctx)
	defer s.end()
	return s.solveWeak(p)
}

// solveWeak is SolveWeak within a call's accounting.
func (s *Solver) solveWeak(p board.Position) (board.Score, error) {
	if p.IsWon() {
		return 0, ErrGameOver
	}
	switch {
	case p.CanWinNow():
		return 1, nil
	case p.IsFull():
		return 0, nil
	}
	s.lo, s.hi, s.weak = -1, 1, true
	v := s.search(p, -1, 1)
	s.weak = false
	if s.stopped {
		return 0, s.ctx.Err()
	}
	return board.Score(board.Score(v).Outcome()), nil
}

// Analyze returns the score of playing each column of p, from the side to
// move's view, with [Invalid] for a full column. With more than one thread
// (see [Solver.SetThreads]), the threads share out the columns. When p has
// the book's stone count, the book bounds each column's score, and the
// column that must be the best is not searched (see bookHintsOf).
func (s *Solver) Analyze(ctx context.Context, p board.Position) ([board.Width]board.Score, error) {
	s.begin(ctx)
	defer s.end()
	hints := s.bookHintsOf(p)
	if len(s.helpers) > 0 && p.Moves() < parallelPlies {
		return s.analyzeSplit(p, &hints)
	}
	// Siblings often score alike: each child's first probe tests the score
	// of the child solved before it (see solveFrom).
	guess := noGuess
	return s.analyze(p, &hints, func(child board.Position, col int) (board.Score, error) {
		v, err := s.solveFrom(child, hints.floor(col), guess)
		guess = int(v)
		return v, err
	}, board.Score(board.WinScore(p.Moves())))
}

// AnalyzeWeak is [Solver.Analyze] for outcomes only: the outcome (1, 0 or
// -1) of playing each column of p, with [Invalid] for a full column. Its
// [Stats] cover all the columns.
func (s *Solver) AnalyzeWeak(ctx context.Context, p board.Position) ([board.Width]board.Score, error) {
	s.begin(ctx)
	defer s.end()
	return s.analyze(p, nil, func(child board.Position, _ int) (board.Score, error) { return s.solveWeak(child) }, 1)
}

// analyze scores each column of p from the side to move's view, solving
// each child with solve (given the child and the column), scoring a move
// that wins at once as win, and skipping the column the book's hints h
// (nil for none) deduce.
func (s *Solver) analyze(p board.Position, h *bookHints, solve func(board.Position, int) (board.Score, error), win board.Score) ([board.Width]board.Score, error) {
	if p.IsWon() {
		return [board.Width]board.Score{}, ErrGameOver
	}
	scores, done := settledColumns(p, win)
	order := leftToRight
	if h != nil {
		order = h.order(&leftToRight)
	}
	for _, col := range order {
		if h != nil {
			if c, ok := h.deduce(&scores, &done); ok {
				scores[c], done[c] = h.best, true
				s.deduced++
			}
		}
		if done[col] {
			continue
		}
		child := p
		child.Play(col)
		s.column = col + 1
		v, err := solve(child, col)
		s.column = 0
		if err != nil {
			return scores, err
		}
		scores[col], done[col] = -v, true
	}
	return scores, nil
}

// leftToRight is the order of the columns in which Analyze solves them on
// one thread (without the book's hints). Centre first measured within ±2%
// over positions/analyze_n12 and n14, and took 8% more nodes on Pons's
// 7357561511.
var leftToRight = func() (cols [board.Width]int) {
	for i := range cols {
		cols[i] = i
	}
	return cols
}()

// settledColumns is the score of playing each column of p where no search
// is needed, and which those are (done): [Invalid] for a full column, win
// for a move that makes four. The other columns' children must be solved.
func settledColumns(p board.Position, win board.Score) (scores [board.Width]board.Score, done [board.Width]bool) {
	for col := range board.Width {
		switch {
		case !p.CanPlay(col):
			scores[col], done[col] = board.Invalid, true
		case p.IsWinningMove(col):
			scores[col], done[col] = win, true
		}
	}
	return scores, done
}

// begin starts the accounting of one public call.
func (s *Solver) begin(ctx context.Context) {
	s.ctx, s.stopped, s.nodes, s.helperNodes = ctx, false, 0, 0
	s.bookHits, s.bookMisses = 0, 0
	s.table.NewGeneration()
	s.start = time.Now()
}

// end finishes the accounting begun by begin.
func (s *Solver) end() {
	s.stats = Stats{Nodes: s.nodes, Elapsed: time.Since(s.start), BookHits: s.bookHits, BookMisses: s.bookMisses}
	s.ctx = nil
}

// poll reports whether the search must stop, and records it.
func (s *Solver) poll() bool {
	yield()
	if s.ctx.Err() != nil || s.halt != nil && s.halt.Load() {
		s.stopped = true
	}
	s.report(false)
	return s.stopped
}

// solve finds the exact score by a sequence of null-window searches, each
// narrowing the interval the score is known to lie in. Measured on the
// reference sets, this beat both plain bisection (+4% nodes) and MTD(f)
// from 0 (+12%).
//
// One stone past the book's stone count, the book's scores of p's parents
// give its floor (see parentsCeiling).
func (s *Solver) solve(p board.Position) (board.Score, error) {
	return s.solveFrom(p, -int(s.parentsCeiling(p)), noGuess)
}

// noGuess is solveFrom's guess when there is none: below every score.
const noGuess = -2 * board.Cells

// solveFrom is solve for a position whose score is known to be at least
// floor: the child after a column whose score the book's hints bound from
// above (see bookHintsOf), the least of its parents' scores. Such children
// mostly score at the floor or a step or two above it, so the first
// floorProbes probes climb from the floor. Analysing positions/n08 with the
// book on one thread, with the floor of the parent's score alone (before
// the hints' other parents), that took 347.7 M nodes against 382.9 M
// for the probes from zero (27232271: 22.3 M against 33.0 M; 47434433:
// 16.3 M against 18.9 M); climbing 3 or 5 probes, 354 M and 348 M. (A
// single first probe at the floor, then bisection from it, measured worse
// than none.)
//
// Without a floor, a guess (noGuess for none) is a score the position
// likely has: the score of its sibling just solved by Analyze. The first
// probe tests it and the second steps from the bound the first found.
// Analysing the first 30 positions of positions/analyze_n12 and n16 and 60
// of analyze_n14 without the book, that took 4.5%, 1.3% and 3.8% fewer
// nodes than the probes from zero (stepping on for a third probe: mixed).
func (s *Solver) solveFrom(p board.Position, floor, guess int) (board.Score, error) {
	if p.IsWon() {
		return 0, ErrGameOver
	}
	switch {
	case p.CanWinNow():
		return board.Score(board.WinScore(p.Moves())), nil
	case p.IsFull():
		return 0, nil
	}
	if err := s.ctx.Err(); err != nil {
		return 0, err
	}
	lo, hi := -board.WinScore(p.Moves()+1), board.WinScore(p.Moves()+2)
	if blo, bhi, ok := s.book.bounds(p); ok {
		s.bookHits++
		if blo == bhi {
			return board.Score(blo), nil
		}
		lo, hi = max(lo, blo), min(hi, bhi)
	}
	climb := 0
	if floor > lo && floor < hi {
		lo, climb = floor, floorProbes
	}
	s.lo, s.hi = lo, hi
	useGuess := climb == 0 && guess >= lo && guess < hi
	for probe := 0; lo < hi; probe++ {
		// A guess is tested first, then the step beyond the bound found.
		// Above a floor, the score is most often at the floor or just over
		// it, so the first probes climb from it one step at a time.
		// Without one, the first probe asks only who wins. In a position
		// of few stones the score is most often next to zero, so the
		// second probe tests the bound the first one found. The next ones
		// bisect the remaining interval, pushed away from zero, where
		// probes are cheap.
		mid := lo + (hi-lo)/2
		switch {
		case useGuess && probe == 0:
			mid = guess
		case useGuess && probe == 1 && lo > guess: // the guess failed high
			mid = lo
		case useGuess && probe == 1:
			mid = hi - 1
		case probe < climb:
			mid = lo
		case probe == 0 && lo < 0 && hi > 0:
			mid = 0
		case probe == 1 && p.Moves() < stepPlies && lo > 0:
			mid = lo
		case probe == 1 && p.Moves() < stepPlies && hi <= 0:
			mid = hi - 1
		case mid <= 0 && lo/2 < mid:
			mid = lo / 2
		case mid >= 0 && hi/2 > mid:
			mid = hi / 2
		}
		mid = outcomeFirst(mid, lo, hi)
		v := s.search(p, mid, mid+1)
		if s.stopped {
			return 0, s.ctx.Err()
		}
		if v <= mid {
			hi = v
		} else {
			lo = v
		}
		s.lo, s.hi = lo, hi
		s.report(true)
	}
	return board.Score(lo), nil
}

// outcomeFirst is the probe to make instead of mid while the outcome is
// open: who wins (0) before how late a win comes (1), and whether the side
// to move loses (-1) before how late it loses (-2). A probe next to an
// outcome's bound is the dearest of all: proving that a win cannot come
// before the board's last stones takes the search to the end of every line
// the loser holds out in, where no static bound helps. It is only needed
// when the score is exactly 1 or -1, which the probe of the outcome tells
// first. Analysing Pons's Test_L1_R3 and Test_L1_R2 with the book on one
// thread, that took 5.9% and 6.0% fewer nodes (the worst position,
// 2773315563: 11.9 M against 10.9 M); over analyze_n12 and n14, 4.0% and
// 3.6% fewer.
func outcomeFirst(mid, lo, hi int) int {
	switch {
	case mid == 1 && lo <= 0:
		return 0
	case mid == -2 && hi >= 0:
		return -1
	}
	return mid
}

// String describes the stats as "N nodes in T", followed by the book's
// hits and misses when the book was consulted.
func (st Stats) String() string {
	s := fmt.Sprintf("%d nodes in %v", st.Nodes, st.Elapsed)
	if st.BookHits+st.BookMisses > 0 {
		s += fmt.Sprintf(", book: %d hits, %d misses", st.BookHits, st.BookMisses)
	}
	return s
}
