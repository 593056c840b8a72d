package book

import (
	"errors"

	"github.com/fourgen/fourgen/engine"
)

// ErrUnreachable says no game reaches a position.
var ErrUnreachable = errors.New("no game reaches the position")

// MoveString finds a move string that plays p from the empty board: the
// players alternate, each dropping a stone where p has one of theirs. It
// reads p's stones from its stone string; the search is exhaustive, for
// positions of few stones like a book's. A position no game reaches is
// refused with [ErrUnreachable].
func MoveString(p engine.Position) (string, error) {
	var columns [engine.Width][]bool // each column bottom up: true for a first-player stone
	code, col := engine.StoneString(p), 0
	for pos := 2*p.Moves() + engine.Width + 1; col < engine.Width && pos > 1; {
		pos--
		if code>>pos&1 == 0 {
			col++
			continue
		}
		pos--
		columns[col] = append(columns[col], code>>pos&1 == 0)
	}
	var heights [engine.Width]int
	moves := make([]byte, 0, p.Moves())
	var search func() bool
	search = func() bool {
		if len(moves) == p.Moves() {
			return true
		}
		first := len(moves)%2 == 0
		for c := range engine.Width {
			if heights[c] < len(columns[c]) && columns[c][heights[c]] == first {
				heights[c]++
				moves = append(moves, byte('1'+c))
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
	return string(moves), nil
}
