package answer

import (
	"errors"
	"strings"

	"github.com/fourgen/fourgen/engine/board"
)

// Parse parses a move string of 1-based columns, in either notation of
// [board.Parse] ("4453", "4,4,5,3"), "" for the empty board. A string the
// engine refuses is a [Refusal] with ValidMoves, how many of its first
// moves can be played, and the engine's reason for refusing the move after
// those.
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
		head, notation := firstMoves(moves, n+1)
		if _, herr := notation.Parse(head); herr != nil {
			err = herr
		}
	}
	return board.Position{}, &Refusal{Msg: "bad position: " + err.Error(), ValidMoves: n}
}

// ValidMoves returns how many moves of a move string can be played from the
// empty board, one after another, before the first the engine refuses.
// Exported for the server's tests, which cut a refused move string where
// the API's answer ([Refusal.ValidMoves]) says, by it.
func ValidMoves(moves string) int {
	p, err := board.Parse(moves)
	me, ok := errors.AsType[*board.MoveError](err)
	switch {
	case err == nil:
		return p.Moves()
	case !ok:
		return 0
	case me.Move != "": // the first move refused; those before it were played
		return me.Index
	}
	// Too long: the engine refuses it before playing any move. Its first
	// Cells moves fill the board, unless one of them is refused.
	head, notation := firstMoves(moves, board.Cells)
	p, err = notation.Parse(head)
	if me, ok := errors.AsType[*board.MoveError](err); ok {
		return me.Index
	}
	return p.Moves()
}

// firstMoves returns the first n moves of moves as written, good or bad,
// and the notation of moves, which they are to be read in.
func firstMoves(moves string, n int) (string, board.Notation) {
	_, notation, _ := board.ReadMoves(moves, false)
	if !notation.Commas {
		return moves[:min(n, len(moves))], notation
	}
	items := strings.SplitN(moves, ",", n+1)
	head := strings.Join(items[:min(n, len(items))], ",")
	if head == "" && n > 0 {
		head = "," // an empty first move, which "" (no move) would not be
	}
	return head, notation
}

// Position describes a position as a page draws it: everything the rules
// say about it, computed by the engine, so that the page never applies the
// rules itself.
type Position struct {
	Pos    string `json:"pos"`    // the move string asked about
	Moves  int    `json:"moves"`  // stones on the board
	Width  int    `json:"width"`  // columns of the board
	Height int    `json:"height"` // rows of the board
	InARow int    `json:"inARow"` // stones in a line that win: the rule of this build (make c4 K=)
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
	// Columns lists the moves of pos in order, 1-based, as the engine reads
	// the move string: a page adds or takes back a move on this list and
	// asks the engine for the move string (columns), never splitting one
	// itself.
	Columns []int `json:"columns"`
}

// Describe describes p, reached by moves, as far as it is known without
// solving.
func Describe(moves string, p board.Position) Position {
	d := Position{
		Pos: moves, Moves: p.Moves(), Width: board.Width, Height: board.Height, InARow: board.InARow, ToMove: p.ToMove(), Status: "playing",
		Board: make([][]int, board.Width), Fours: [][2]int{}, LegalColumns: []int{}, Columns: []int{},
	}
	if cols, _, err := board.ReadMoves(moves, false); err == nil {
		for _, c := range cols {
			d.Columns = append(d.Columns, c+1)
		}
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
