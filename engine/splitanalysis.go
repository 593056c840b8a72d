package engine

import (
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
// Measured against searching each column with every thread in turn (the
// parallel search of parallel.go), with 2 threads, c4 serve's defaults and
// the book, one /api/analyze request at a time over Pons's Test_L1_R3 and
// Test_L1_R2 (two passes each, in ABBA order): the 99th percentile fell
// from 0.97–1.02 s to 0.73–0.80 s and from 0.86–1.07 s to 0.78–0.88 s, the
// worst from 2.84–2.89 s to 2.19–2.58 s and from 2.50–2.67 s to
// 1.80–1.86 s; over the first 60 positions of positions/analyze_n12 and n14
// it searched 9–10% fewer nodes.
func (s *Solver) analyzeSplit(p Position, h *bookHints) ([Width]Score, error) {
	if p.IsWon() {
		return [Width]Score{}, ErrGameOver
	}
	// Settled columns are never marked started, so that no idle thread
	// joins them: one that did would search past a full column.
	scores, settled := settledColumns(p, Score(winScore(p.moves)))
	var next atomic.Int32
	var cols [Width]splitColumn
	var wg sync.WaitGroup
	var errs [MaxThreads]error
	var mu sync.Mutex  // held while a column's score is set, and the deduction made
	deduce := func() { // with mu held
		var done [Width]bool
		for c := range cols {
			done[c] = cols[c].done.Load()
		}
		if c, ok := h.deduce(&scores, &done); ok {
			scores[c] = h.best
			cols[c].done.Store(true)
			cols[c].halt.Store(true) // stops any thread on it
			s.deduced++
		}
	}
	finish := func(col int, v Score) {
		mu.Lock()
		defer mu.Unlock()
		if cols[col].done.Load() {
			return // another thread's, or deduced
		}
		scores[col] = v
		cols[col].done.Store(true)
		cols[col].halt.Store(true)
		deduce()
	}
	order := h.order(&centreOrder)
	for col := range cols {
		cols[col].done.Store(settled[col])
	}
	deduce() // before any thread starts: no lock needed
	work := func(t *Solver, i int) {
		guess := noGuess
		for {
			col := -1
			if k := int(next.Add(1)) - 1; k < Width {
				if col = order[k]; cols[col].done.Load() {
					continue // settled, or deduced
				}
				cols[col].started.Store(true)
			} else {
				for _, c := range centreOrder {
					if cols[c].started.Load() && !cols[c].done.Load() {
						col = c
						break
					}
				}
				if col < 0 {
					return
				}
			}
			child := p
			child.Play(col)
			t.column = col + 1
			t.halt, t.stopped = &cols[col].halt, false
			v, err := t.solveFrom(child, h.floor(col), guess)
			stopped := t.stopped
			t.halt, t.stopped, t.column = nil, false, 0
			if err != nil {
				errs[i] = err
				return
			}
			if stopped {
				continue // another thread solved it
			}
			finish(col, -v)
			guess = int(v)
		}
	}
	helpers := s.helpers
	s.helpers = nil                        // each thread searches its columns alone
	defer func() { s.helpers = helpers }() // restored before collecting too
	for i, h := range helpers {
		h.ctx, h.stopped = s.ctx, false
		wg.Add(1)
		go func() {
			defer wg.Done()
			work(h, i+1)
		}()
	}
	work(s, 0)
	wg.Wait()
	s.helpers = helpers
	s.collectHelpers()
	for _, err := range errs {
		if err != nil {
			return scores, err
		}
	}
	return scores, nil
}
