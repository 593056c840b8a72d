package engine

import (
	"github.com/fourgen/fourgen/engine/board"

	"context"
	"errors"
	"testing"
	"time"
)

// parallelSets are the reference positions the parallel search must solve
// exactly, with the long checks, in a normal and in a -short run (-race
// runs the short one).
var parallelSets = []refSet{
	{"pons/Test_L1_R2", 10, 10, 2},
	{"positions/n12.txt", 20, 20, 2},
	{"positions/n16.txt", 50, 50, 10},
	{"positions/n20.txt", 50, 50, 20},
}

// TestParallelMatchesReference solves reference positions with 2 and 3
// threads sharing one table, strongly and weakly.
func TestParallelMatchesReference(t *testing.T) {
	for _, threads := range []int{2, 3} {
		var nodes, helperNodes uint64
		s := mustSolver(t, 16)
		s.SetThreads(threads)
		if s.Threads() != threads {
			t.Fatalf("SetThreads(%d): Threads() = %d", threads, s.Threads())
		}
		for _, set := range parallelSets {
			for _, c := range sampleRef(t, set.file, set.size()) {
				p := mustParse(t, c.moves)
				got, err := s.Solve(t.Context(), p)
				if err != nil || int(got) != c.scores[0] {
					t.Errorf("%d threads: Solve(%q) = %v, %v; want %d", threads, c.moves, got, err, c.scores[0])
				}
				nodes += s.Stats().Nodes
				helperNodes += s.helperNodes
				weak, err := s.SolveWeak(t.Context(), p)
				if want := board.Score(c.scores[0]).Outcome(); err != nil || int(weak) != want {
					t.Errorf("%d threads: SolveWeak(%q) = %v, %v; want %d", threads, c.moves, weak, err, want)
				}
			}
		}
		// The helpers search too, and their nodes are counted in the
		// solver's beside the main thread's. (Not necessarily more in all
		// than one thread's: the shared table can save the main thread more
		// than the helpers search, as under WebAssembly, where they take
		// turns on one core.)
		if helperNodes == 0 || nodes <= helperNodes {
			t.Errorf("%d threads searched %d nodes, their helpers %d: the helpers did not run or were not counted", threads, nodes, helperNodes)
		}
	}
}

// TestParallelCancellation checks that a parallel search stops at a
// deadline, and gives right answers afterwards.
func TestParallelCancellation(t *testing.T) {
	classicOnly(t) // its fixtures are of the 7×6 board
	s := mustSolver(t, 16)
	s.SetThreads(2)
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Millisecond)
	defer cancel()
	if _, err := s.Solve(ctx, board.Position{}); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Solve of the empty board with a 5 ms deadline: err = %v, want context.DeadlineExceeded", err)
	}
	for _, c := range sampleRef(t, "positions/n16.txt", 5) {
		got, err := s.Solve(t.Context(), mustParse(t, c.moves))
		if err != nil || int(got) != c.scores[0] {
			t.Errorf("after cancellation, Solve(%q) = %v, %v; want %d", c.moves, got, err, c.scores[0])
		}
	}
}

// TestParallelAnalyze analyses reference positions with 2 and 3 threads,
// strongly and weakly, and
// checks that a cancelled analysis stops with the context's error and
// leaves the solver exact.
func TestParallelAnalyze(t *testing.T) {
	sets := []refSet{
		{"positions/analyze_n12.txt", 4, 4, 1},
		{"positions/analyze_n14.txt", 10, 10, 2},
		{"positions/analyze_n16.txt", 20, 20, 4},
	}
	for _, threads := range []int{2, 3} {
		s := mustSolver(t, 16)
		s.SetThreads(threads)
		for _, set := range sets {
			for _, c := range sampleRef(t, set.file, set.size()) {
				p := mustParse(t, c.moves)
				strong, err := s.Analyze(t.Context(), p)
				if err != nil {
					t.Fatalf("%d threads: Analyze(%q): %v", threads, c.moves, err)
				}
				weak, err := s.AnalyzeWeak(t.Context(), p)
				if err != nil {
					t.Fatalf("%d threads: AnalyzeWeak(%q): %v", threads, c.moves, err)
				}
				for col, want := range c.scores {
					wantWeak := board.Score(want).Outcome()
					if want == int(board.Invalid) {
						wantWeak = want
					}
					if int(strong[col]) != want || int(weak[col]) != wantWeak {
						t.Errorf("%d threads: %q column %d: Analyze %v, AnalyzeWeak %v; want %d, %d", threads, c.moves, col+1, strong[col], weak[col], want, wantWeak)
					}
				}
			}
		}
		ctx, cancel := context.WithTimeout(t.Context(), 5*time.Millisecond)
		if _, err := s.Analyze(ctx, board.Position{}); !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("%d threads: Analyze of the empty board with a 5 ms deadline: err = %v, want context.DeadlineExceeded", threads, err)
		}
		cancel()
		c := sampleRef(t, "positions/analyze_n16.txt", 1)[0]
		got, err := s.Analyze(t.Context(), mustParse(t, c.moves))
		for col, want := range c.scores {
			if err != nil || int(got[col]) != want {
				t.Fatalf("%d threads: after cancellation, Analyze(%q) = %v, %v; want %v", threads, c.moves, got, err, c.scores)
			}
		}
	}
}

// TestSetThreadsClamps checks the range of SetThreads and that the helpers
// follow the book set before and after.
func TestSetThreadsClamps(t *testing.T) {
	classicOnly(t) // its fixtures are of the 7×6 board
	s := mustSolver(t, 1)
	book := fakeBook(t, smallBookRoot, smallBookPlies, BookExact)
	s.SetBook(book)
	for _, tc := range []struct{ set, want int }{{0, 1}, {-5, 1}, {4, 4}, {1, 1}, {1000, MaxThreads}, {2, 2}} {
		s.SetThreads(tc.set)
		if s.Threads() != tc.want {
			t.Errorf("SetThreads(%d): Threads() = %d, want %d", tc.set, s.Threads(), tc.want)
		}
		for i, h := range s.helpers {
			if h.book != book || h.table != s.table || h.busy != s.busy || h.busy == nil {
				t.Errorf("SetThreads(%d): helper %d has book %p table %p busy %p (main: %p)", tc.set, i, h.book, h.table, h.busy, s.busy)
			}
		}
	}
	s.SetBook(nil)
	if s.helpers[0].book != nil || s.helpers[0].bookPlies != -1 {
		t.Errorf("SetBook(nil) left a helper's book set")
	}
}

// TestBusyTable checks the marks the parallel search defers by: a marked
// key is busy until unmarked, and a key that takes another's slot neither
// reports the other busy nor lets the other's unmark clear it.
func TestBusyTable(t *testing.T) {
	var b busyTable
	const k1 = 0x1234_5678
	k2 := uint64(k1 + 1)
	for b.slot(k2) != b.slot(k1) {
		k2++
	}
	if b.has(k1) {
		t.Fatal("an empty table reports a key busy")
	}
	b.mark(k1)
	if !b.has(k1) || b.has(k2) {
		t.Errorf("after mark(k1): has(k1) = %v, has(k2) = %v; want true, false", b.has(k1), b.has(k2))
	}
	b.mark(k2) // takes k1's slot
	if b.has(k1) || !b.has(k2) {
		t.Errorf("after mark(k2): has(k1) = %v, has(k2) = %v; want false, true", b.has(k1), b.has(k2))
	}
	b.unmark(k1) // must not clear k2's mark
	if !b.has(k2) {
		t.Error("unmark(k1) cleared k2's mark")
	}
	b.unmark(k2)
	if b.has(k2) {
		t.Error("after unmark(k2) k2 is still busy")
	}
}

// TestDeferralDepthFollowsRoot checks that a parallel search puts off busy
// children down to deferDepth plies below its own root, on every thread,
// whatever the root's stone count (the depth was once a fixed stone count,
// 16 plies below the empty board but 8 below n08's roots).
func TestDeferralDepthFollowsRoot(t *testing.T) {
	s := mustSolver(t, 16)
	s.SetThreads(2)
	for _, file := range []string{"positions/n12.txt", "positions/n16.txt"} {
		checked := 0
		for _, c := range sampleRef(t, file, 3) {
			p := mustParse(t, c.moves)
			s.searcher.deferBelow = -1
			for _, h := range s.helpers {
				h.deferBelow = -1
			}
			if _, err := s.Solve(t.Context(), p); err != nil {
				t.Fatalf("Solve(%q): %v", c.moves, err)
			}
			if s.searcher.deferBelow == -1 {
				continue // answered before any search
			}
			checked++
			want := p.Moves() + deferDepth
			if s.searcher.deferBelow != want {
				t.Errorf("Solve(%q): the calling thread puts off busy children in nodes of fewer than %d stones, want %d", c.moves, s.searcher.deferBelow, want)
			}
			for i, h := range s.helpers {
				if h.deferBelow != want {
					t.Errorf("Solve(%q): helper %d puts off busy children in nodes of fewer than %d stones, want %d", c.moves, i, h.deferBelow, want)
				}
			}
		}
		if checked == 0 {
			t.Errorf("%s: no position was searched", file)
		}
	}
}
