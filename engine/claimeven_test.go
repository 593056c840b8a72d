package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/fourgen/fourgen/internal/geom"
)

// TestClaimevenBound checks claimevenBound against exhaustive search: on
// random positions near the end of a game where every column holds an even
// number of stones, or all but two or four, a score the bound promises (0
// or -1) must hold by plainNegamax. It also checks that each kind of bound
// (no odd column, two or four; a draw, a loss, or a loss only by the
// opponent's even threat) was put to the test.
func TestClaimevenBound(t *testing.T) {
	if Height%2 != 0 {
		t.Skip("claimeven needs an even height")
	}
	want := 400
	if testing.Short() {
		want = 200
	}
	rng := rand.New(rand.NewPCG(7, uint64(Cells)))
	g := geom.Geometry{Width: Width, Height: Height}
	seen := make(map[[2]int]int) // by [odd columns, bound]
	for checked, tries := 0, 0; checked < want && tries < 1000*want; tries++ {
		p, b, ok := randomPlainPosition(rng, g, Cells-12)
		if !ok {
			continue
		}
		pair, ok := claimevenPair(p.Legal())
		if !ok {
			continue
		}
		bound := claimevenBound(p.current, p.current^p.mask, boardMask&^p.mask, pair, p.OpponentWinningCells())
		if bound == Cells {
			continue
		}
		checked++
		kind := [2]int{len(pairCells(pair)), bound}
		if claimevenBound(p.current, p.current^p.mask, boardMask&^p.mask, pair, 0) != bound {
			kind[1] = evenThreatKind // only the opponent's even threat gives the bound
		}
		seen[kind]++
		if got := plainNegamax(&b); got > bound {
			t.Fatalf("claimeven bounds the score by %d with the pair %v, but it is %d:\n%v", bound, pairCells(pair), got, p)
		}
	}
	t.Logf("checked by kind: %v", seen)
	if len(seen) == 0 {
		t.Fatalf("no position had a claimeven bound in %d tries", 1000*want)
	}
	if Width != 7 || Height != 6 {
		return // small boards need not show every kind
	}
	for _, kind := range [][2]int{{0, 0}, {0, -1}, {0, evenThreatKind}, {2, 0}, {2, -1}, {2, evenThreatKind}, {4, 0}, {4, -1}, {4, evenThreatKind}} {
		if seen[kind] < 3 {
			t.Errorf("only %d positions with %d odd columns and bound %d (%d: by an even threat) were checked (all: %v)", seen[kind], kind[0], kind[1], evenThreatKind, seen)
		}
	}
}

// evenThreatKind marks, in TestClaimevenBound's kinds, a loss (-1) that
// only the opponent's even threat gives.
const evenThreatKind = -2

// pairCells is the cells of a claimeven pair, as bits.
func pairCells(pair uint64) []uint64 {
	var cells []uint64
	for ; pair != 0; pair &= pair - 1 {
		cells = append(cells, pair&-pair)
	}
	return cells
}
