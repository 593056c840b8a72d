package engine

import (
	"github.com/fourgen/fourgen/engine/board"

	"sync"
	"sync/atomic"
)

// This file is the parallel search: helper threads search the same null
// window as the main thread, each with its own node state but the one
// shared transposition table. A thread that comes to a child another
// thread is searching puts it off until it has searched the node's other
// children (busyTable), so the threads split the tree's all-nodes between
// them instead of searching the same moves in step, and each finds the
// other's results in the table. The first thread to finish a window answers
// it; its answer is exact whoever it is, since every thread runs the same
// sound search.
//
// Measured before this deferral, with Lazy SMP alone (helpers
// desynchronised by a tie-breaking jitter in the move order), a second
// thread gained 5% on the empty board.

// parallelPlies is the number of stones from which a solver searches with
// one thread whatever SetThreads says: such positions take microseconds,
// less than waking the helpers.
const parallelPlies = 24

// MaxThreads is the most threads SetThreads accepts.
const MaxThreads = 64

// SetThreads makes Solve, SolveWeak, Analyze and BestMove search with n
// threads (1 ≤ n ≤ MaxThreads; values outside are clamped), which share
// the solver's transposition table. A new solver has one thread. The
// answers do not depend on n; the node counts and times do.
func (s *Solver) SetThreads(n int) {
	n = min(max(n, 1), MaxThreads)
	for len(s.helpers) < n-1 {
		h := &searcher{table: s.table}
		s.helpers = append(s.helpers, h)
	}
	s.helpers = s.helpers[:n-1]
	s.busy = nil
	if n > 1 {
		s.busy = new(busyTable)
	}
	for _, h := range s.helpers {
		h.busy = s.busy
	}
	s.SetBook(s.book) // the helpers' too
}

// Threads is the number of threads the solver searches with.
func (s *Solver) Threads() int { return len(s.helpers) + 1 }

// search runs a null-window (or any-window) negamax of p, in parallel when
// the solver has helpers and p has few enough stones. After it the
// solver's stopped flag is set only when the context was cancelled.
func (s *searcher) search(p board.Position, alpha, beta int) int {
	s.deferBelow = p.Moves() + deferDepth
	if len(s.helpers) == 0 || p.Moves() >= parallelPlies {
		return s.negamax(p, alpha, beta, threatsOf(p))
	}
	var (
		halt   atomic.Bool // set by the first thread to finish
		result atomic.Int64
		wg     sync.WaitGroup
		t      = threatsOf(p)
	)
	finish := func(v int) {
		if halt.CompareAndSwap(false, true) {
			result.Store(int64(v))
		}
	}
	for _, h := range s.helpers {
		h.ctx, h.stopped, h.halt, h.deferBelow = s.ctx, false, &halt, s.deferBelow
		wg.Go(func() {
			if v := h.negamax(p, alpha, beta, t); !h.stopped {
				finish(v)
			}
		})
	}
	s.halt = &halt
	defer func() { // also if the main thread panics: never leave helpers running
		halt.Store(true)
		wg.Wait()
		s.halt = nil
	}()
	if v := s.negamax(p, alpha, beta, t); !s.stopped {
		finish(v)
	}
	wg.Wait() // the helpers stop at their next poll: halted, or cancelled
	s.collectHelpers()
	// A thread stopped by another's finishing was not cancelled; with no
	// thread finished, the context was.
	s.stopped = !halt.Load()
	if s.stopped {
		return 0
	}
	return int(result.Load())
}

// collectHelpers adds the helpers' counts to the solver's, once they have
// stopped, and clears what they kept of the search.
func (s *searcher) collectHelpers() {
	for _, h := range s.helpers {
		s.nodes += h.nodes
		s.helperNodes += h.nodes
		s.bookHits += h.bookHits
		s.bookMisses += h.bookMisses
		h.nodes, h.bookHits, h.bookMisses, h.halt, h.ctx = 0, 0, 0, nil, nil
	}
}

// deferDepth is how many plies below the root of a search a thread puts
// off a child that another thread is searching (searcher.deferBelow).
// Deeper, the threads have split the tree already, and putting off a
// child a node would have been cut by costs more than the marks save. A
// number of stones, whatever the root, measured worse: the empty board
// gained most at 8 to 12 stones, positions/n08 at 16 (docs/speed.md,
// "Two threads: put off within 8 plies of the root").
const deferDepth = 8

// busyLog is the base-2 logarithm of the number of marks a busyTable holds.
const busyLog = 12

// busyTable marks the positions the threads of a parallel search are
// searching, so that a thread can put off a child another thread is in the
// middle of and search its other children first (ABDADA's deferral, in
// the simplified form of a table of marks): the threads then split the
// tree instead of searching the same moves in step, and a put-off child is
// often settled by the table when its turn comes. A mark is only a hint:
// two positions may share a slot, and a lost mark costs time, never
// correctness.
type busyTable struct {
	marks [1 << busyLog]atomic.Uint64
}

// slot is where a key's mark lives.
func (b *busyTable) slot(key uint64) *atomic.Uint64 {
	return &b.marks[(key*0x9e3779b97f4a7c15)>>(64-busyLog)]
}

// busyKey is the word the busy table marks for a table key: the key itself
// on a board of one word, its two words folded on a board of two (a
// collision only defers a move).
func busyKey(key board.Bits) uint64 { return key.Fold() }

// has reports whether a thread is searching the position of key.
func (b *busyTable) has(key uint64) bool { return b.slot(key).Load() == key }

// mark records that a thread is searching the position of key.
func (b *busyTable) mark(key uint64) { b.slot(key).Store(key) }

// unmark clears the mark of key, unless another key has taken its slot.
func (b *busyTable) unmark(key uint64) { b.slot(key).CompareAndSwap(key, 0) }
