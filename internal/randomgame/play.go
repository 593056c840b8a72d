// Package randomgame plays uniformly random legal moves from the empty
// board: the positions that c4 dataset labels and that the shipped
// evaluation set is drawn from.
package randomgame

import (
	"math/rand/v2"

	"github.com/fourgen/fourgen/engine/board"
)

// Play plays stones uniformly random legal columns of rng from the empty
// board and returns them (0-based) and the position; ok is false, with no
// columns and the position before it, when a move would make four.
func Play(rng *rand.Rand, stones int) (cols []int, p board.Position, ok bool) {
	cols = make([]int, 0, stones)
	for range stones {
		var legal [board.Width]int
		n := 0
		for col := range board.Width {
			if p.CanPlay(col) {
				legal[n] = col
				n++
			}
		}
		col := legal[rng.IntN(n)]
		if p.IsWinningMove(col) {
			return nil, p, false
		}
		p.Play(col)
		cols = append(cols, col)
	}
	return cols, p, true
}
