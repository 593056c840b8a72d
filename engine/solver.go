package engine

import (
	"github.com/fourgen/fourgen/engine/board"

	"context"
	"errors"
	"time"
)

// symmetricPlies is the number of stones below which a position and its
// mirror share a table entry. Beyond it symmetric positions are rare and
// the canonical key is not worth its cost.
const symmetricPlies = 26

// DefaultTableMiB is the default size of a solver's transposition table.
const DefaultTableMiB = 64

// Solver computes exact scores. It keeps its transposition table between
// calls until [Solver.Reset]. A Solver is not safe for concurrent use; use
// one per goroutine. With [Solver.SetThreads] it runs helper threads of its
// own, which share its table.
//
// A Solver is the API: the public calls, progress and statistics. The
// search itself is its searcher's, the calling thread's, and its helpers'
// (searcher.go).
type Solver struct {
	searcher // the calling thread's search; its helpers are the other threads'

	progress   func(Progress) // progress.go
	lastReport time.Time
	deduced    int  // columns Analyze scored without a search (see bookHints.deduce)
	weak       bool // SolveWeak is running
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
// MiB (rounded down to a power of two buckets); 0 means [DefaultTableMiB].
// It refuses a negative size or one above [MaxTableMiB] before allocating
// anything, and returns an error when the table's memory cannot be had.
// The solver searches with one thread until [Solver.SetThreads] gives it
// more.
//
// The solver has no opening book: every position is searched to the end,
// which takes seconds to minutes for positions of few stones. Give it
// fourgen's embedded 11-ply book with [Solver.SetBook], from package
// github.com/fourgen/fourgen/engine/openingbook (which the solver cannot
// import itself):
//
//	b, err := openingbook.Book()
//	if err != nil { ... }
//	s, err := engine.NewSolver(0)
//	if err != nil { ... }
//	s.SetBook(b)
func NewSolver(tableMiB int) (*Solver, error) {
	if tableMiB == 0 {
		tableMiB = DefaultTableMiB
	}
	t, err := newTable(tableMiB)
	if err != nil {
		return nil, err
	}
	return newSolver(t), nil
}

// newSolver returns a solver searching with table t, on one thread.
func newSolver(t *hashTable) *Solver {
	s := &Solver{searcher: searcher{table: t, bookPlies: -1}}
	s.onPoll = s.report
	return s
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
