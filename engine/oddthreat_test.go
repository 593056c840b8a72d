package engine

import (
	"github.com/fourgen/fourgen/engine/board"

	"math/rand/v2"
	"testing"

	"github.com/fourgen/fourgen/internal/geom"
	"github.com/fourgen/fourgen/internal/longtest"
)

// TestOddThreatLoses checks oddThreatLoses against exhaustive search: on
// random positions near the end of a game, with the second player to move,
// every position the rule says the side to move loses must score below zero
// by plainNegamax. On 7×6 it also asks for each kind of position the rule
// settles: one odd column, three (one pair) and five (two pairs), and one
// that only the cut above the opponent's even-row threats settles.
func TestOddThreatLoses(t *testing.T) {
	if board.Height%2 != 0 {
		t.Skip("the odd threat needs an even height")
	}
	want := longtest.Pick(60, 300, 1000)
	rng := rand.New(rand.NewPCG(11, uint64(board.Cells)))
	g := geom.Geometry{Width: board.Width, Height: board.Height, InARow: board.InARow}
	seen := make(map[int]int) // by odd columns
	checked, tries := 0, 0
	for ; checked < want && tries < 1000*want; tries++ {
		empty := 11 + 2*rng.IntN(2) // 11 or 13 empty cells, 5 or 7 on small boards
		if board.Cells < 36 {
			empty -= 6
		}
		if board.Cells%2 != 0 {
			empty-- // an odd number of stones: the second player to move
		}
		p, b, ok := randomPlainPosition(rng, g, board.Cells-empty)
		if !ok || !oddThreatLoses(p.Current(), board.BoardMask.AndNot(p.Occupied()), p.Legal(), p.OpponentWinningCells()) {
			continue
		}
		checked++
		seen[p.Legal().And(board.EvenRowsMask).OnesCount()]++
		if !oddThreatLoses(p.Current(), board.BoardMask.AndNot(p.Occupied()), p.Legal(), p.OpponentWinningCells().And(board.OddRowsMask)) {
			seen[evenThreatsCut]++ // only the cut above the even-row threats settles it
		}
		if got := plainNegamax(&b); got >= 0 {
			t.Fatalf("the odd threat says the side to move loses, but it scores %d:\n%v", got, p)
		}
	}
	t.Logf("checked by odd columns: %v in %d tries", seen, tries)
	if board.Width != 7 || board.Height != 6 {
		return // other boards need not show every kind, nor many positions
	}
	if checked < want {
		t.Fatalf("only %d positions had an odd threat in %d tries", checked, tries)
	}
	for _, odd := range []int{1, 3, 5, evenThreatsCut} {
		if seen[odd] < 3 {
			t.Errorf("only %d positions with %d odd columns (%d: settled only by the cut above the opponent's even-row threats) were checked (all: %v)", seen[odd], odd, evenThreatsCut, seen)
		}
	}
}

// evenThreatsCut marks, in TestOddThreatLoses's kinds, a position that only
// the cut above the opponent's threats on even rows outside c settles.
const evenThreatsCut = -1
