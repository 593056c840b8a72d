package book

import (
	"errors"

	"github.com/fourgen/fourgen/engine/board"
)

// ErrUnreachable says no game reaches a position.
var ErrUnreachable = errors.New("no game reaches the position")

// moveString finds a move string that plays p from the empty board: the
// players alternate, each dropping a stone where p has one of theirs. The
// search is exhaustive, for positions of few stones like a book's. A
// position no game reaches is refused with [ErrUnreachable].
func moveString(p board.Position) (string, error) {
	var columns [board.Width][]bool // each column bottom up: true for a first-player stone
	for col := range board.Width {
		for row := range p.Height(col) {
			columns[col] = append(columns[col], p.Stone(col, row) == 1)
		}
	}
	var heights [board.Width]int
	moves := make([]int, 0, p.Moves())
	var search func() bool
	search = func() bool {
		if len(moves) == p.Moves() {
			return true
		}
		first := len(moves)%2 == 0
		for c := range board.Width {
			if heights[c] < len(columns[c]) && columns[c][heights[c]] == first {
				heights[c]++
				moves = append(moves, c)
				if search() {
					return true
				}
				heights[c]--
				moves = moves[:len(moves)-1]
			}
		}
		return false
	}
	if !search() {
		return "", ErrUnreachable
	}
	return board.MoveString(moves), nil
}
