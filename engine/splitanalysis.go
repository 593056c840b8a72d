package engine

import (
	"github.com/fourgen/fourgen/engine/board"

	"sync"
	"sync/atomic"
)

// This file is Analyze on more than one thread: the threads share out the
// columns instead of searching each column together.

// splitColumn is the state of one column in analyzeSplit.
type splitColumn struct {
	started, done atomic.Bool
	halt          atomic.Bool // set once done: stops the threads still on it
}

// analyzeSplit is Analyze with the solver's helpers: the threads share out
// the columns in the order of the book's hints h (centre first; see
// bookHints.order), each solving its column alone (sharing the table), and
// a thread with no column left joins a column still being searched, the
// first to finish answering for it and stopping the others. A column the
// hints deduce from the others' scores is stopped, or never started.
// Measured against each column searched by every thread in turn: see
// docs/speed.md, "Analysis on two threads".
func (s *Solver) analyzeSplit(p board.Position, h *bookHints) ([board.Width]board.Score, error) {
	if p.IsWon() {
		return [board.Width]board.Score{}, ErrGameOver
	}
	a := &splitAnalysis{p: p, h: h}
	// Settled columns are never marked started, so that no idle thread
	// joins them: one that did would search past a full column.
	var settled [board.Width]bool
	a.scores, settled = settledColumns(p, board.Score(board.WinScore(p.Moves())))
	a.order = h.order(&centreOrder)
	for col := range a.cols {
		a.cols[col].done.Store(settled[col])
	}
	a.deduce() // before any thread starts: no lock needed

	var wg sync.WaitGroup
	helpers := s.helpers
	s.helpers = nil                        // each thread searches its columns alone
	defer func() { s.helpers = helpers }() // restored before collecting too
	for i, t := range helpers {
		t.ctx, t.stopped = s.ctx, false
		wg.Go(func() { a.work(t, i+1) })
	}
	a.work(&s.searcher, 0)
	wg.Wait()
	s.helpers = helpers
	s.collectHelpers()
	s.deduced += a.deduced
	for _, err := range a.errs {
		if err != nil {
			return a.scores, err
		}
	}
	return a.scores, nil
}

// splitAnalysis is the state the threads of one analyzeSplit share.
type splitAnalysis struct {
	p       board.Position
	h       *bookHints
	order   [board.Width]int // the columns in the order threads take them
	next    atomic.Int32     // the index in order of the next column to take
	cols    [board.Width]splitColumn
	mu      sync.Mutex // held while a column's score is set, and the deduction made
	scores  [board.Width]board.Score
	errs    [MaxThreads]error
	deduced int // the columns deduced, under mu
}

// deduce marks done the column the hints deduce from the others' scores,
// if there is one, and stops any thread on it. The caller holds a.mu (or no
// thread runs yet).
func (a *splitAnalysis) deduce() {
	var done [board.Width]bool
	for c := range a.cols {
		done[c] = a.cols[c].done.Load()
	}
	if c, ok := a.h.deduce(&a.scores, &done); ok {
		a.scores[c] = a.h.best
		a.cols[c].done.Store(true)
		a.cols[c].halt.Store(true) // stops any thread on it
		a.deduced++
	}
}

// finish records v as column col's score, unless another thread or a
// deduction got there first, and makes the deduction it allows.
func (a *splitAnalysis) finish(col int, v board.Score) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.cols[col].done.Load() {
		return // another thread's, or deduced
	}
	a.scores[col] = v
	a.cols[col].done.Store(true)
	a.cols[col].halt.Store(true)
	a.deduce()
}

// take returns the next column for a thread: the next in order not yet
// done, or once every column is taken, a column another thread is still
// searching (centre first); -1 when none is left.
func (a *splitAnalysis) take() int {
	for {
		k := int(a.next.Add(1)) - 1
		if k >= board.Width {
			break
		}
		if col := a.order[k]; !a.cols[col].done.Load() {
			a.cols[col].started.Store(true)
			return col
		} // settled, or deduced
	}
	for _, c := range centreOrder {
		if a.cols[c].started.Load() && !a.cols[c].done.Load() {
			return c
		}
	}
	return -1
}

// work is one thread's part, thread i with solver t: it solves the columns
// it takes until none is left or a search fails.
func (a *splitAnalysis) work(t *searcher, i int) {
	guess := noGuess
	for col := a.take(); col >= 0; col = a.take() {
		child := a.p
		child.Play(col)
		t.column = col + 1
		t.halt, t.stopped = &a.cols[col].halt, false
		v, err := t.solveFrom(child, a.h.floor(col), guess)
		stopped := t.stopped
		t.halt, t.stopped, t.column = nil, false, 0
		if err != nil {
			a.errs[i] = err
			return
		}
		if stopped {
			continue // another thread solved it
		}
		a.finish(col, -v)
		guess = int(v)
	}
}
