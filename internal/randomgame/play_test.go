package randomgame

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/fourgen/fourgen/engine/board"
)

// TestPlay checks that the games replay to the positions returned, make no
// four, have the stones asked for, repeat for a seed, and that both
// outcomes come up and every column is played.
func TestPlay(t *testing.T) {
	stones := min(board.Cells-1, 2*board.Width+1)
	var won, alive int
	var played [board.Width]bool
	for seed := range uint64(200) {
		cols, p, ok := Play(rand.New(rand.NewPCG(seed, 1)), stones)
		again, q, _ := Play(rand.New(rand.NewPCG(seed, 1)), stones)
		if !slices.Equal(cols, again) || p != q {
			t.Fatalf("seed %d: two games differ: %v and %v", seed, cols, again)
		}
		if !ok {
			won++
			if cols != nil || p.IsWon() {
				t.Errorf("seed %d: a game stopped before a four returned columns %v or a won position", seed, cols)
			}
			continue
		}
		alive++
		g, err := board.FromColumns(cols, 0)
		if err != nil || len(cols) != stones || g.Position() != p || p.IsWon() {
			t.Errorf("seed %d: columns %v (err %v) for %d stones do not replay to the position returned, or it is won", seed, cols, err, stones)
		}
		for _, c := range cols {
			played[c] = true
		}
	}
	if won == 0 || alive == 0 || slices.Contains(played[:], false) {
		t.Errorf("%d games stopped by a four, %d alive, columns played %v: want both and every column", won, alive, played)
	}
}
