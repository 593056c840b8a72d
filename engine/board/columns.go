package board

import (
	"errors"
	"fmt"
)

// FromColumns plays cols, columns counted from base (0 or 1), from the
// empty board, with the checks of [Game.Play]: the one way the C library
// and the WebAssembly engine build a position from a list of columns. It
// refuses a base other than 0 or 1 and a list longer than the board has
// cells, and names a move Play refuses with a [MoveError] whose Index is
// the move's (0-based; the moves before it can be played) and whose Reason
// is Play's, naming the column 1-based: "move 3: column 8 (1-based) is off
// the board (want 1 to 7)".
func FromColumns(cols []int, base int) (*Game, error) {
	if base != 0 && base != 1 {
		return nil, fmt.Errorf("columns counted from %d: want 0 or 1", base)
	}
	if len(cols) > Cells {
		return nil, errors.New(tooLong(len(cols), Cells).Reason)
	}
	g := &Game{}
	for i, c := range cols {
		if err := g.Play(c - base); err != nil {
			return nil, &MoveError{Index: i, Reason: err.Error()}
		}
	}
	return g, nil
}

// WonError is the refusal of a move, a solve or an analysis of p when the
// game is over with a four on the board, nil when it is not: every
// command and binding words it so.
func (p Position) WonError() error {
	if !p.IsWon() {
		return nil
	}
	return fmt.Errorf("the game is already won by player %d", 3-p.ToMove())
}
