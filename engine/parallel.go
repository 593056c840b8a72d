package engine

import (
	"sync"
	"sync/atomic"
)

// This file is the parallel search (Lazy SMP): helper threads search the
// same null window as the main thread, each with its own node state and
// move-ordering jitter but the one shared transposition table, so that
// they fill the table ahead of each other. The first thread to finish a
// window answers it; its answer is exact whoever it is, since every thread
// runs the same sound search.

// parallelPlies is the number of stones from which a solver searches with
// one thread whatever SetThreads says: such positions take microseconds,
// less than waking the helpers.
const parallelPlies = 24

// MaxThreads is the most threads SetThreads accepts.
const MaxThreads = 64

// SetThreads makes Solve, SolveWeak, Analyze and BestMove search with n
// threads (1 ≤ n ≤ MaxThreads; values outside are clamped), which share
// the solver's transposition table. The answers do not depend on n; the
// node counts and times do.
func (s *Solver) SetThreads(n int) {
	n = min(max(n, 1), MaxThreads)
	for len(s.helpers) < n-1 {
		h := &Solver{table: s.table, jitter: uint64(len(s.helpers))*0x9e3779b97f4a7c15 | 1}
		s.helpers = append(s.helpers, h)
	}
	s.helpers = s.helpers[:n-1]
	s.SetBook(s.book) // the helpers' too
}

// Threads is the number of threads the solver searches with.
func (s *Solver) Threads() int { return len(s.helpers) + 1 }

// search runs a null-window (or any-window) negamax of p, in parallel when
// the solver has helpers and p has few enough stones. After it the
// solver's stopped flag is set only when the context was cancelled.
func (s *Solver) search(p Position, alpha, beta int) int {
	if len(s.helpers) == 0 || p.moves >= parallelPlies {
		return s.negamax(p, alpha, beta)
	}
	var (
		halt   atomic.Bool // set by the first thread to finish
		result atomic.Int64
		wg     sync.WaitGroup
	)
	finish := func(v int) {
		if halt.CompareAndSwap(false, true) {
			result.Store(int64(v))
		}
	}
	for _, h := range s.helpers {
		h.ctx, h.stopped, h.halt = s.ctx, false, &halt
		wg.Add(1)
		go func() {
			defer wg.Done()
			if v := h.negamax(p, alpha, beta); !h.stopped {
				finish(v)
			}
		}()
	}
	s.halt = &halt
	defer func() { // also if the main thread panics: never leave helpers running
		halt.Store(true)
		wg.Wait()
		s.halt = nil
	}()
	if v := s.negamax(p, alpha, beta); !s.stopped {
		finish(v)
	}
	wg.Wait() // the helpers stop at their next poll: halted, or cancelled
	for _, h := range s.helpers {
		s.nodes += h.nodes
		s.bookHits += h.bookHits
		s.bookMisses += h.bookMisses
		h.nodes, h.bookHits, h.bookMisses, h.halt, h.ctx = 0, 0, 0, nil, nil
	}
	// A thread stopped by another's finishing was not cancelled; with no
	// thread finished, the context was.
	s.stopped = !halt.Load()
	if s.stopped {
		return 0
	}
	return int(result.Load())
}

// jitterScore perturbs a move's ordering score in a helper thread, so that
// helpers search the moves in different orders from the main thread and
// from each other. The main thread (jitter 0) is unperturbed.
func (s *Solver) jitterScore(score int) int {
	if s.jitter == 0 {
		return score
	}
	s.jitter ^= s.jitter << 13
	s.jitter ^= s.jitter >> 7
	s.jitter ^= s.jitter << 17
	return score + int(s.jitter&1)
}
