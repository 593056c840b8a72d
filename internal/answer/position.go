package answer

import (
	"errors"

	"github.com/fourgen/fourgen/board"
)

// Parse parses a move string of 1-based columns, "" for the empty board.
// A string the engine refuses is a [Refusal] with ValidMoves, how many of
// its first moves can be played, and the engine's reason for refusing the
// move after those.
func Parse(moves string) (board.Position, error) {
	p, err := board.Parse(moves)
	if err == nil {
		return p, nil
	}
	n := ValidMoves(moves)
	// The engine refuses a string longer than the board has cells before
	// it plays a move: when a move before the last cell is refused, give
	// that move's reason, so that the message and ValidMoves agree (not
	// "move 43: too long" beside 6 valid moves of "4444444…").
	if me, ok := errors.AsType[*board.MoveError](err); !ok || me.Index != n {
		_, err = board.Parse(moves[:n+1])
	}
	return board.Position{}, &Refusal{Msg: "bad position: " + err.Error(), ValidMoves: n}
}

// ValidMoves returns how many moves of a move string can be played from the
// empty board, one after another, before the first the engine refuses.
func ValidMoves(moves string) int {
	var p board.Position
	for i := range len(moves) {
		if p.PlayString(moves[i:i+1]) != nil {
			return i
		}
	}
	return len(moves)
}

// Position describes a position as a page draws it: everything the rules
// say about it, computed by the engine, so that the page never applies the
// rules itself.
type Position struct {
	Pos    string `json:"pos"`    // the move string asked about
	Moves  int    `json:"moves"`  // stones on the board
	Width  int    `json:"width"`  // columns of the board
	Height int    `json:"height"` // rows of the board
	ToMove int    `json:"toMove"` // 1 or 2: the player whose turn it is (were the game not over)
	Status string `json:"status"` // "playing", "won" or "drawn"
	// Winner is the player who won (1 or 2) or 0 for a draw once the game
	// is over; in an analysis, the one who wins with best play. Absent
	// while unknown: a game going on, in an inspection or a move.
	Winner *int `json:"winner,omitempty"`
	// Board lists the stones of each column, left to right, each column
	// bottom to top: 1 for the first player's, 2 for the second's.
	Board [][]int `json:"board"`
	// Fours lists the cells of the winning line or lines as [column, row],
	// both 1-based, row 1 the bottom; empty unless the game is won.
	Fours [][2]int `json:"fours"`
	// LegalColumns lists the 1-based columns that can be played; empty
	// once the game is over.
	LegalColumns []int `json:"legalColumns"`
}

// Describe describes p, reached by moves, as far as it is known without
// solving.
func Describe(moves string, p board.Position) Position {
	d := Position{
		Pos: moves, Moves: p.Moves(), Width: board.Width, Height: board.Height, ToMove: p.ToMove(), Status: "playing",
		Board: make([][]int, board.Width), Fours: [][2]int{}, LegalColumns: []int{},
	}
	switch {
	case p.IsWon():
		d.Status, d.Winner = "won", player(p.Winner())
	case p.IsFull():
		d.Status, d.Winner = "drawn", player(0)
	}
	fours := p.Fours()
	for col := range board.Width {
		d.Board[col] = make([]int, p.Height(col))
		for row := range d.Board[col] {
			d.Board[col][row] = p.Stone(col, row)
		}
		for row := range board.Height {
			if fours.HasCell(col, row) {
				d.Fours = append(d.Fours, [2]int{col + 1, row + 1})
			}
		}
		if d.Status == "playing" && p.CanPlay(col) {
			d.LegalColumns = append(d.LegalColumns, col+1)
		}
	}
	return d
}

// player returns a pointer to a player number (0 for nobody).
func player(n int) *int { return &n }
