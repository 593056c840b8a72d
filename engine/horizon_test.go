package engine

import (
	"github.com/fourgen/fourgen/engine/board"

	"math/rand/v2"
	"testing"

	"github.com/fourgen/fourgen/internal/geom"
	"github.com/fourgen/fourgen/internal/longtest"
)

// TestStaticBound checks staticBound against exhaustive search: on random
// positions of 3 to 13 empty cells, for every null window it settles, the
// bound it returns must hold by plainNegamax (a value at or above beta a
// lower bound, one at or below alpha an upper bound), and winWithin and
// survives must say what the score says. Every kind of window (a win in
// three or five asked for, a loss within four or six) must be put to the
// test, each way.
func TestStaticBound(t *testing.T) {
	want := longtest.Pick(60, 150, 300)
	rng := rand.New(rand.NewPCG(11, uint64(board.Cells)))
	g := geom.Geometry{Width: board.Width, Height: board.Height, InARow: board.InARow}
	seen := make(map[[2]int]int) // by [kind, settled at or above beta]
	for checked, tries := 0, 0; checked < want && tries < 1000*want; tries++ {
		p, b, ok := randomPlainPosition(rng, g, max(board.Cells-3-rng.IntN(11), 0))
		if !ok {
			continue
		}
		moves := board.NonLosingMovesOf(p.Legal(), p.OpponentWinningCells())
		if moves.ClearLowest().IsZero() {
			continue // no move or a forced one: negamax settles these first
		}
		checked++
		score := plainNegamax(&b)
		checkWinWithin(t, p, moves, score)
		lo, hi := -board.WinScore(p.Moves()+3), board.WinScore(p.Moves()+2)
		for alpha := lo; alpha < hi; alpha++ {
			if !settledStatically(p.Moves(), alpha, alpha+1) {
				continue
			}
			v := staticBound(p, moves, alpha, alpha+1)
			kind := staticKind(p.Moves(), alpha)
			seen[[2]int{kind, btoi(v > alpha)}]++
			if v > alpha && score < v || v <= alpha && score > v {
				t.Fatalf("window (%d, %d): staticBound gives %d, but the score is %d:\n%v", alpha, alpha+1, v, score, p)
			}
		}
	}
	t.Logf("checked by [kind, fails high]: %v", seen)
	if board.Width != 7 || board.Height != 6 {
		return // other boards need not show every kind
	}
	for kind := range 4 {
		for high := range 2 {
			if seen[[2]int{kind, high}] == 0 {
				t.Errorf("no window of kind %d settled with fails-high %d (all: %v)", kind, high, seen)
			}
		}
	}
}

// checkWinWithin checks winWithin and survives on p, whose non-losing
// moves are moves, against its score.
func checkWinWithin(t *testing.T, p board.Position, moves board.Bits, score int) {
	t.Helper()
	for _, k := range []int{3, 5} {
		if p.Moves()+k > board.Cells {
			continue
		}
		if got, want := winWithin(p, moves, k), score >= board.WinScore(p.Moves()+k-1); got != want {
			t.Fatalf("winWithin(%d) = %v, but the score is %d:\n%v", k, got, score, p)
		}
	}
	for _, k := range []int{4, 6} {
		if p.Moves()+k > board.Cells {
			continue
		}
		if got, want := survives(p, moves, k), score >= -board.WinScore(p.Moves()+k+1); got != want {
			t.Fatalf("survives(%d) = %v, but the score is %d:\n%v", k, got, score, p)
		}
	}
}

// staticKind is which question a settled null window (alpha, alpha+1)
// asks of a position of n stones: 0 a win in three, 1 a win within five,
// 2 a loss within four, 3 a loss within six.
func staticKind(n, alpha int) int {
	switch {
	case board.WinScore(n+4) <= alpha:
		return 0
	case board.WinScore(n+6) <= alpha:
		return 1
	case -board.WinScore(n+5) >= alpha+1:
		return 2
	}
	return 3
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// winWithin reports whether the side to move of p, which cannot win at
// once and whose non-losing moves are moves, wins by force with its stone
// k plies on (k is 3 or 5).
func winWithin(p board.Position, moves board.Bits, k int) bool {
	var c staticMoves
	return c.fill(p, moves) || k == 5 && c.winInFive(p)
}

// survives reports whether the side to move of p, whose non-losing moves
// are moves, has one after which the opponent cannot win within k plies
// (k is 4 or 6).
func survives(p board.Position, moves board.Bits, k int) bool {
	var c staticMoves
	c.fill(p, moves)
	return c.survives(p, k)
}
