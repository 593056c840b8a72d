package movetest

import (
	"math/rand/v2"

	"github.com/fourgen/fourgen/engine/board"
)

// QuietGame plays random columns of rng, none of which makes four at once,
// from the empty board until empty cells are left, and returns the columns
// played (0-based) and the position. ok is false when a position before
// that had no such column (the game stops there).
func QuietGame(rng *rand.Rand, empty int) (moves []int, p board.Position, ok bool) {
	for p.Moves() < board.Cells-empty {
		var quiet []int
		for col := range board.Width {
			if p.CanPlay(col) && !p.IsWinningMove(col) {
				quiet = append(quiet, col)
			}
		}
		if len(quiet) == 0 {
			return moves, p, false
		}
		col := quiet[rng.IntN(len(quiet))]
		p.Play(col)
		moves = append(moves, col)
	}
	return moves, p, true
}
