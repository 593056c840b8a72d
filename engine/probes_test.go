package engine

import (
	"testing"

	"github.com/fourgen/fourgen/engine/board"
)

// TestOutcomeFirst checks which probes outcomeFirst moves to an outcome's
// bound, and that every probe it returns lies inside the interval the
// score is known to lie in (a probe outside it would learn nothing, and
// the driver would never end).
func TestOutcomeFirst(t *testing.T) {
	for _, c := range []struct{ mid, lo, hi, want int }{
		{1, -21, 21, 0},   // who wins before how late
		{1, 0, 5, 0},      // a draw is still possible
		{1, 1, 5, 1},      // a win is known: how late is the question
		{-2, -21, 21, -1}, // whether the side to move loses before how late
		{-2, -5, 0, -1},   // a draw is still possible
		{-2, -5, -1, -2},  // a loss is known
		{0, -21, 21, 0},
		{-1, -21, 21, -1},
		{2, -21, 21, 2},
		{-3, -21, 21, -3},
	} {
		if got := outcomeFirst(c.mid, c.lo, c.hi); got != c.want {
			t.Errorf("outcomeFirst(%d, %d, %d) = %d, want %d", c.mid, c.lo, c.hi, got, c.want)
		}
	}
	for lo := -board.Cells; lo <= board.Cells; lo++ {
		for hi := lo + 1; hi <= board.Cells; hi++ {
			for mid := lo; mid < hi; mid++ {
				if got := outcomeFirst(mid, lo, hi); got < lo || got >= hi {
					t.Fatalf("outcomeFirst(%d, %d, %d) = %d, outside [%d, %d)", mid, lo, hi, got, lo, hi)
				}
			}
		}
	}
}
