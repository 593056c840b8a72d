package engine

import (
	"context"
	"sync/atomic"
)

// searcher is what one thread searches with: the table it shares with the
// other threads, the book, its counts, what stops it, and the state of the
// driver it runs (driver.go). negamax and the driver are its methods. A
// [Solver] holds the calling thread's searcher; SetThreads gives that
// searcher helpers, the other threads' (parallel.go).
type searcher struct {
	table     *hashTable
	book      *Book
	bookPlies int // the book's stone count, -1 without a book

	nodes      uint64
	bookHits   uint64 // positions answered by the book
	bookMisses uint64 // positions of the book's stone count it lacked

	helpers     []*searcher  // the other threads of a parallel search, on the calling thread's searcher only
	helperNodes uint64       // of nodes, those the helpers searched in this call
	halt        *atomic.Bool // set when another thread has finished the search
	busy        *busyTable   // the positions the threads are searching, nil with one thread
	deferBelow  int          // the stone count below which a child busy in another thread is put off (search sets it)
	ctx         context.Context
	stopped     bool
	onPoll      func(now bool) // the solver's progress report, on the calling thread's searcher only

	lo, hi int // the interval of the score being solved, for progress
	column int // the column being solved for Analyze (1-based), or 0
}

// poll reports whether the search must stop, and records it.
func (s *searcher) poll() bool {
	yield()
	if s.ctx.Err() != nil || s.halt != nil && s.halt.Load() {
		s.stopped = true
	}
	s.reportProgress(false)
	return s.stopped
}

// reportProgress calls the solver's progress report, if this searcher
// has one: when it is due, or at once when now is set.
func (s *searcher) reportProgress(now bool) {
	if s.onPoll != nil {
		s.onPoll(now)
	}
}
