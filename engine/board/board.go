package board

// This file reads positions given as boards rather than move strings: the
// cells of Kaggle ConnectX's observation (rows from the top, 0 empty, 1 the
// first player, 2 the second) and text grids (grid.go). A board does not
// say in which order its stones were played, so FromBoard finds an order
// that reaches it (reach.go): the rest of the engine and its callers keep
// working on move strings.

import (
	"fmt"
)

// BoardError explains why a board was refused.
type BoardError struct {
	// Col and Row name the cell the reason is about, 1-based, row 1 the
	// bottom; both are 0 when the reason is about the whole board.
	Col, Row int
	Reason   string
}

func (e *BoardError) Error() string {
	if e.Col == 0 {
		return "bad board: " + e.Reason
	}
	return fmt.Sprintf("bad board: cell c%dr%d (column %d, row %d from the bottom): %s", e.Col, e.Row, e.Col, e.Row, e.Reason)
}

// boardErrorf returns a [BoardError] about the whole board.
func boardErrorf(format string, args ...any) *BoardError {
	return &BoardError{Reason: fmt.Sprintf(format, args...)}
}

// Cells returns p's board as FromBoard reads it: Height rows of Width
// cells, the top row first, each 0 (empty), 1 (a stone of the first
// player) or 2 (the second player's). It is the order of Kaggle ConnectX's
// observation.board.
func (p Position) Cells() []int {
	cells := make([]int, Cells)
	for row := range Height {
		for col := range Width {
			cells[(Height-1-row)*Width+col] = p.Stone(col, row)
		}
	}
	return cells
}

// FromBoard reads a board given as its cells, Height rows of Width, the top
// row first (the order of [Position.Cells] and of Kaggle ConnectX's
// observation.board): 0 for an empty cell, 1 for a stone of the first
// player, 2 for one of the second. It returns a game that reaches the
// board: its String is a move string that plays these stones in an order
// no earlier position of which has four in a row (one of possibly many
// such orders; the position, which is all the solver looks at, is the
// board's).
//
// It refuses, with a [*BoardError] giving the reason: a wrong number of
// cells or a value other than 0, 1 and 2; a stone above an empty cell; stone
// counts no game gives (the first player has as many stones as the second
// or one more); a game that went on after a four (both players have four,
// the player with four did not move last, or no last stone of theirs makes
// every four on the board); and a board that no alternating order of moves
// reaches (e.g. the second player's stone under every first player's one).
func FromBoard(cells []int) (*Game, error) {
	if len(cells) != Cells {
		return nil, boardErrorf("want %d cells (%d rows of %d, the top row first), got %d", Cells, Height, Width, len(cells))
	}
	var b board
	for i, v := range cells {
		col, row := i%Width, Height-1-i/Width
		switch v {
		case 0:
		case 1:
			b.stones[0] = b.stones[0].Or(Cell(col, row))
		case 2:
			b.stones[1] = b.stones[1].Or(Cell(col, row))
		default:
			return nil, &BoardError{Col: col + 1, Row: row + 1, Reason: fmt.Sprintf("%d is not a cell's value (want 0 empty, 1 or 2)", v)}
		}
	}
	return b.game()
}

// board is the stones of each player, first player first, as words of the
// engine's layout.
type board struct {
	stones [2]Bits
}

// game checks the board and finds a game that reaches it.
func (b board) game() (*Game, error) {
	all := b.stones[0].Or(b.stones[1])
	var heights [Width]int
	for col := range Width {
		for row := range Height {
			if all.And(Cell(col, row)).IsZero() {
				continue
			}
			if row > heights[col] {
				return nil, &BoardError{Col: col + 1, Row: row + 1, Reason: fmt.Sprintf("the stone floats: the cell below it (row %d) is empty", row)}
			}
			heights[col] = row + 1
		}
	}
	n1, n2 := b.stones[0].OnesCount(), b.stones[1].OnesCount()
	if n1 != n2 && n1 != n2+1 {
		return nil, boardErrorf("stone counts no game gives: the first player (1) has %d stones and the second (2) has %d, but the first player moves first, so has as many as the second or one more", n1, n2)
	}
	if err := b.checkFours(n1, n2, heights); err != nil {
		return nil, err
	}
	g, ok := reach(b.stones, heights)
	if !ok {
		return nil, boardErrorf("no game reaches this board: no order of moves, the first player (1) first and the players taking turns, stacks these stones (a column's stones are played bottom to top)")
	}
	return g, nil
}

// checkFours refuses a board with four in a row that the last stone played
// did not make: both players have four, or the player with four did not
// move last (the first player, with n1 stones, moved last when n1 > n2),
// or no top stone of theirs is on every four they have.
func (b board) checkFours(n1, n2 int, heights [Width]int) error {
	won1, won2 := HasFour(b.stones[0]), HasFour(b.stones[1])
	switch {
	case won1 && won2:
		return boardErrorf("a game that went on after a four: both players have four in a row")
	case !won1 && !won2:
		return nil
	}
	winner, last := 1, 1 // the player with four, and the one who moved last
	if won2 {
		winner = 2
	}
	if n1 == n2 {
		last = 2
	}
	if winner != last {
		return boardErrorf("a game that went on after a four: player %d has four in a row, but player %d moved after it (the first player has %d stones, the second %d)", winner, 3-winner, n1, n2)
	}
	own := b.stones[winner-1]
	for col, h := range heights {
		if h == 0 {
			continue
		}
		top := Cell(col, h-1)
		if !own.And(top).IsZero() && !HasFour(own.AndNot(top)) {
			return nil
		}
	}
	return boardErrorf("a game that went on after a four: player %d has four in a row that no single last stone of theirs (the top of a column) made", winner)
}
