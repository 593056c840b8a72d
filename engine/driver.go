package engine

// This file is the driver: the sequence of null-window searches that
// narrows a position's score to its exact value, run by one searcher (with
// its helpers, if it has any).

import (
	"fmt"

	"github.com/fourgen/fourgen/engine/board"
)

// floorProbes is the number of probes with which the driver climbs from a
// floor known from the book, one step at a time, before bisecting (see
// solveFrom).
const floorProbes = 4

// stepPlies is the number of stones below which the driver's second probe
// tests the bound its first probe found (see solve). Measured: docs/speed.md,
// "Figures behind the driver and the table".
const stepPlies = 10

// solve finds the exact score by a sequence of null-window searches, each
// narrowing the interval the score is known to lie in; it beat plain
// bisection and MTD(f) from 0 (docs/speed.md, "Figures behind the driver
// and the table").
//
// One stone past the book's stone count, the book's scores of p's parents
// give its floor (see parentsCeiling).
func (s *searcher) solve(p board.Position) (board.Score, error) {
	return s.solveFrom(p, -int(s.parentsCeiling(p)), noGuess)
}

// noGuess is solveFrom's guess when there is none: below every score.
const noGuess = -2 * board.Cells

// solveFrom is solve for a position whose score is known to be at least
// floor: the child after a column whose score the book's hints bound from
// above (see bookHintsOf), the least of its parents' scores. Such children
// mostly score at the floor or a step or two above it, so the first
// floorProbes probes climb from the floor.
//
// Without a floor, a guess (noGuess for none) is a score the position
// likely has: the score of its sibling just solved by Analyze. The first
// probe tests it and the second steps from the bound the first found.
// Both measured: docs/speed.md, "Figures behind the driver and the table".
func (s *searcher) solveFrom(p board.Position, floor, guess int) (board.Score, error) {
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
		s.reportProgress(true)
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
// first (measured: docs/speed.md, "Figures behind the driver and the
// table").
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
