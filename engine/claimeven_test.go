package engine

import (
	"github.com/fourgen/fourgen/engine/board"

	"math/rand/v2"
	"testing"

	"github.com/fourgen/fourgen/internal/geom"
)

// TestClaimevenBound checks claimevenBound against exhaustive search: on
// random positions near the end of a game where every column holds an even
// number of stones, or all but two or four, a score the bound promises (0,
// -1, or less for a loss the opponent's even threats bring before the last
// stone) must hold by plainNegamax. It also checks that each kind of bound
// (no odd column, two or four; a draw, a loss, a loss only by the
// opponent's even threat, and a loss before the last stone, which is what
// the even threat gives unless its only column's threat is on the top row)
// was put to the test.
func TestClaimevenBound(t *testing.T) {
	if board.Height%2 != 0 {
		t.Skip("claimeven needs an even height")
	}
	want := 400
	if testing.Short() {
		want = 200
	}
	rng := rand.New(rand.NewPCG(7, uint64(board.Cells)))
	g := geom.Geometry{Width: board.Width, Height: board.Height, InARow: board.InARow}
	seen := make(map[[2]int]int) // by [odd columns, bound]
	for checked, tries := 0, 0; checked < want && tries < 1000*want; tries++ {
		p, b, ok := randomPlainPosition(rng, g, board.Cells-12)
		if !ok {
			continue
		}
		pair, ok := claimevenPair(p.Legal())
		if !ok {
			continue
		}
		bound := claimevenBound(p.Current(), p.Opponent(), board.BoardMask.AndNot(p.Occupied()), pair, p.OpponentWinningCells())
		if bound == board.Cells {
			continue
		}
		checked++
		kind := [2]int{len(pairCells(pair)), bound}
		switch {
		case bound < -1:
			kind[1] = lateKind // the even threat's loss before the last stone
		case claimevenBound(p.Current(), p.Opponent(), board.BoardMask.AndNot(p.Occupied()), pair, board.NoCells) != bound:
			kind[1] = evenThreatKind // only the opponent's even threat gives the bound
		}
		seen[kind]++
		if got := plainNegamax(&b); got > bound {
			t.Fatalf("claimeven bounds the score by %d with the pair %v, but it is %d:\n%v", bound, pairCells(pair), got, p)
		}
	}
	t.Logf("checked by kind: %v", seen)
	if len(seen) == 0 && board.InARow != 4 && board.Cells <= exhaustiveCells {
		// At three in a row a small board's late positions hold threes on
		// the odd rows; TestAgainstReferenceSolver covers every position.
		t.Skipf("no position of %d×%d at %d in a row had a claimeven bound", board.Width, board.Height, board.InARow)
	}
	if len(seen) == 0 {
		t.Fatalf("no position had a claimeven bound in %d tries", 1000*want)
	}
	if board.Width != 7 || board.Height != 6 {
		return // small boards need not show every kind
	}
	for _, kind := range [][2]int{{0, 0}, {0, -1}, {0, lateKind}, {2, 0}, {2, -1}, {2, lateKind}, {4, 0}, {4, -1}, {4, lateKind}} {
		if seen[kind] < 3 {
			t.Errorf("only %d positions with %d odd columns and bound %d (%d: only by an even threat, %d: a loss before the last stone) were checked (all: %v)", seen[kind], kind[0], kind[1], evenThreatKind, lateKind, seen)
		}
	}
}

// evenThreatKind marks, in TestClaimevenBound's kinds, a loss (-1) that
// only the opponent's even threat gives, and lateKind a loss before the
// last stone (a bound below -1), which only the even threat's timing gives.
const (
	evenThreatKind = -2
	lateKind       = -3
)

// pairCells is the cells of a claimeven pair, as bits.
func pairCells(pair board.Bits) []board.Bits {
	var cells []board.Bits
	for ; !pair.IsZero(); pair = pair.ClearLowest() {
		cells = append(cells, pair.Lowest())
	}
	return cells
}

// TestEvenThreatLate checks how late the even threat's win comes at most,
// on 7×6: the side to move fills everything but each threat column from
// the cell below its lowest threat up, so the win comes by the stone 44
// less those cells (rows counted from 1 at the bottom).
func TestEvenThreatLate(t *testing.T) {
	if board.Width != 7 || board.Height != 6 {
		t.Skip("the cases are cells of the 7×6 board")
	}
	for _, c := range []struct {
		name  string
		te    board.Bits
		stone int // the stone by which the threat wins at the latest
	}{
		{"a threat on the top row", board.Cell(3, 5), 42},
		{"a threat on row 4", board.Cell(3, 3), 40},
		{"a threat on row 2", board.Cell(3, 1), 38},
		{"threats on rows 2 and 4 of one column: the lowest counts", board.Cell(3, 1).Or(board.Cell(3, 3)), 38},
		{"threats in two columns, rows 2 and 4", board.Cell(1, 1).Or(board.Cell(5, 3)), 34},
		{"three columns", board.Cell(0, 5).Or(board.Cell(2, 5)).Or(board.Cell(6, 3)), 36},
	} {
		want := 1 + (board.Cells-c.stone)/2 // the score of a win by that stone
		if got := evenThreatLate(c.te, evenThreatCut(c.te)); got != want {
			t.Errorf("%s: evenThreatLate = %d, want %d (a win by stone %d)", c.name, got, want, c.stone)
		}
		if got := evenThreatsLate(c.te, board.NoCells); got != want {
			t.Errorf("%s: evenThreatsLate = %d, want %d", c.name, got, want)
		}
	}
	if got := evenThreatsLate(board.Cell(3, 0).Or(board.Cell(2, 2)), board.NoCells); got != 0 {
		t.Errorf("evenThreatsLate of threats on odd rows only = %d, want 0", got)
	}
}
