package engine

import (
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/longtest"

	"context"
	"slices"
	"testing"
)

// TestDeduce checks which column deduce skips, for a position of score 2.
func TestDeduce(t *testing.T) {
	classicOnly(t) // the cases are of 7 columns
	const x = board.Invalid
	s := func(v ...board.Score) (a [board.Width]board.Score) { copy(a[:], v); return a }
	d := func(v ...bool) (a [board.Width]bool) { copy(a[:], v); return a }
	const T, F = true, false
	all := s(board.Cells, board.Cells, board.Cells, board.Cells, board.Cells, board.Cells, board.Cells)
	below := s(1, 1, 1, board.Cells, 1, 1, 1) // only column 3 can reach 2
	for _, c := range []struct {
		name   string
		ceil   [board.Width]board.Score
		known  bool
		scores [board.Width]board.Score
		done   [board.Width]bool
		want   int // -1: none
	}{
		{"one left, the rest below", all, T, s(1, 0, -3, 0, 1, -5, 0), d(T, T, T, F, T, T, T), 3},
		{"a full column does not count", all, T, s(1, x, -3, 0, 1, -5, 0), d(T, T, T, T, T, F, T), 5},
		{"one left, but another reached it", all, T, s(1, 2, -3, 0, 1, -5, 0), d(T, T, T, F, T, T, T), -1},
		{"two left", all, T, s(1, 0, -3, 0, 1, -5, 0), d(T, F, T, F, T, T, T), -1},
		{"score unknown", all, F, s(1, 0, -3, 0, 1, -5, 0), d(T, T, T, F, T, T, T), -1},
		{"nothing done, one column may be best", below, T, s(), d(), 3},
		{"nothing done, one column may be best, but it is done", below, T, s(0, 0, 0, 2), d(F, F, F, T), -1},
		{"nothing done, every column may be best", all, T, s(), d(), -1},
		{"all done", all, T, s(1, 1, 1, 1, 1, 1, 1), d(T, T, T, T, T, T, T), -1},
	} {
		h := bookHints{ceil: c.ceil, best: 2, known: c.known}
		col, ok := h.deduce(&c.scores, &c.done)
		if !ok {
			col = -1
		}
		if col != c.want {
			t.Errorf("%s: deduce = %d, %v; want %d", c.name, col, ok, c.want)
		}
	}
}

// TestBookHintsOrder checks that the columns that may be the best come
// last, each group in the order given, and that without a known score the
// order is the one given.
func TestBookHintsOrder(t *testing.T) {
	classicOnly(t) // the orders below are of 7 columns
	h := bookHints{best: 5, known: true}
	copy(h.ceil[:], []board.Score{5, 2, 1, 5, board.Cells, 0, 5})
	if got, want := h.order(&centreOrder), []int{2, 1, 5, 3, 4, 0, 6}; !slices.Equal(got[:], want) {
		t.Errorf("order from the centre's = %v, want %v", got, want)
	}
	if got, want := h.order(&leftToRight), []int{1, 2, 5, 0, 3, 4, 6}; !slices.Equal(got[:], want) {
		t.Errorf("order from left to right = %v, want %v", got, want)
	}
	h.known = false
	if got := h.order(&centreOrder); got != centreOrder {
		t.Errorf("order with no known score = %v, want %v", got, centreOrder)
	}
}

// solvedBook is a book of exact scores of the positions quietPositions
// lists from root, each solved without a book.
func solvedBook(tb testing.TB, root string, plies int) *Book {
	tb.Helper()
	s := mustSolver(tb, 16)
	return bookOf(tb, root, plies, BookExact, func(_ int, p board.Position) (board.Score, bool) {
		v, err := s.Solve(context.Background(), p)
		if err != nil {
			tb.Fatal(err)
		}
		return v, true
	})
}

// TestBookHintsAnalysis analyses positions of a book, built by solving
// every position two moves on from reference positions, with that
// book and without, on one thread and two, and column by column, and
// solves each child, one stone past the book: the scores must agree. Each column's score must be at most its ceiling, some
// ceilings must fall below the position's score, and some columns must be
// deduced, so that the test covers what the hints do.
func TestBookHintsAnalysis(t *testing.T) {
	classicOnly(t) // the reference positions are of the 7×6 board
	ctx := context.Background()
	roots := sampleRef(t, "positions/n10.txt", longtest.Pick(1, 1, 2))
	stride := longtest.Pick(6, 4, 3) // of the book's positions, every stride-th
	plain := mustSolver(t, 16)
	var below, deduced, columns int
	for _, root := range roots {
		book := solvedBook(t, root.moves, len(root.moves)+2)
		one, two, each := mustSolver(t, 16), mustSolver(t, 16), mustSolver(t, 16)
		for _, s := range []*Solver{one, two, each} {
			s.SetBook(book)
		}
		two.SetThreads(2)
		for i, p := range quietPositions(t, root.moves, len(root.moves)+2) {
			if i%stride != 0 {
				continue
			}
			want, err := plain.Analyze(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			best, _ := board.BestColumns(want)
			h := one.bookHintsOf(p)
			if !h.known || h.best != best {
				t.Fatalf("%v: hints know %v, score %v; want %v", p, h.known, h.best, best)
			}
			for col, v := range want {
				if v != board.Invalid && !p.IsWinningMove(col) && v > h.ceil[col] {
					t.Errorf("%v column %d: score %v above its ceiling %v", p, col+1, v, h.ceil[col])
				}
				if h.ceil[col] < best {
					below++
				}
			}
			for _, s := range []*Solver{one, two} {
				got, err := s.Analyze(ctx, p)
				if err != nil || got != want {
					t.Errorf("%v, %d threads: Analyze = %v, %v; want %v", p, s.Threads(), got, err, want)
				}
			}
			for col := range board.Width {
				got, err := each.AnalyzeColumn(ctx, p, col)
				if err != nil || got != want[col] {
					t.Errorf("%v: AnalyzeColumn(%d) = %v, %v; want %v", p, col+1, got, err, want[col])
				}
				if !p.CanPlay(col) || p.IsWinningMove(col) {
					continue
				}
				child := p
				child.Play(col) // one stone past the book: its parents' scores floor it
				if v, err := one.Solve(ctx, child); err != nil || v != -want[col] {
					t.Errorf("%v: Solve of the child after column %d = %v, %v; want %v", p, col+1, v, err, -want[col])
				}
			}
			columns += board.Width
		}
		deduced += one.deduced + two.deduced + each.deduced
	}
	t.Logf("%d columns: %d ceilings below the position's score, %d columns deduced", columns, below, deduced)
	if below == 0 || deduced == 0 {
		t.Errorf("%d ceilings below the score and %d columns deduced: the test no longer covers the hints", below, deduced)
	}
}
