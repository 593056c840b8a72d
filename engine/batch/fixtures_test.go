package batch

import (
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine/board"
)

// col returns the move string of the 1-based column c in the board's
// notation: its digit, or its number on a board of more than nine columns.
func col(c int) string { return board.Usual().Column(c - 1) }

// seq joins move strings of the board's notation: with commas on a board
// of more than nine columns.
func seq(moves ...string) string {
	if board.Usual().Commas {
		return strings.Join(moves, ",")
	}
	return strings.Join(moves, "")
}

// fillColumn returns the moves that fill the 1-based column c.
func fillColumn(c int) string {
	moves := make([]string, board.Height)
	for i := range moves {
		moves[i] = col(c)
	}
	return seq(moves...)
}

// centre is the 1-based centre column (4 on 7×6), left of centre on an
// even width.
const centre = (board.Width + 1) / 2

// allColumns returns one move in every column, left to right.
func allColumns() string {
	var moves []string
	for c := 1; c <= board.Width; c++ {
		moves = append(moves, col(c))
	}
	return seq(moves...)
}

// bottomFour returns the seven moves after which the first player has four
// in the bottom row of the rightmost four columns, the second player
// stacking on each: 4455667 on 7×6.
func bottomFour() string {
	var moves []string
	for c := board.Width - 3; c <= board.Width; c++ {
		moves = append(moves, col(c))
		if c < board.Width {
			moves = append(moves, col(c))
		}
	}
	return seq(moves...)
}

// TestFixtures pins the fixtures to the move strings the tests used on
// 7×6 and checks that they are legal on this board.
func TestFixtures(t *testing.T) {
	oneWord(t)
	fixtures := map[string]string{
		"fillColumn(centre)+3": seq(fillColumn(centre), col(centre-1)),
		"allColumns":           allColumns(),
		"bottomFour":           bottomFour(),
		"fillColumn(centre)+fillColumn(centre-1)": seq(fillColumn(centre), fillColumn(centre-1), col(centre-2)),
	}
	classic := map[string]string{
		"fillColumn(centre)+3": "4444443",
		"allColumns":           "1234567",
		"bottomFour":           "4455667",
		"fillColumn(centre)+fillColumn(centre-1)": "4444443333332",
	}
	for name, moves := range fixtures {
		if board.Width == 7 && board.Height == 6 && moves != classic[name] {
			t.Errorf("%s = %q on 7×6, want %q", name, moves, classic[name])
		}
		if _, err := board.Parse(moves); err != nil {
			t.Errorf("%s = %q: %v", name, moves, err)
		}
	}
	p, _ := board.Parse(bottomFour())
	if !p.IsWon() {
		t.Errorf("bottomFour %q: game not won", bottomFour())
	}
}
