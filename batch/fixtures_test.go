package batch

import (
	"strconv"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/board"
)

// col returns the move-string digit of the 1-based column c.
func col(c int) string { return strconv.Itoa(c) }

// fillColumn returns the moves that fill the 1-based column c.
func fillColumn(c int) string { return strings.Repeat(col(c), board.Height) }

// centre is the 1-based centre column (4 on 7×6), left of centre on an
// even width.
const centre = (board.Width + 1) / 2

// allColumns returns one move in every column, left to right.
func allColumns() string {
	var b strings.Builder
	for c := 1; c <= board.Width; c++ {
		b.WriteString(col(c))
	}
	return b.String()
}

// bottomFour returns the seven moves after which the first player has four
// in the bottom row of the rightmost four columns, the second player
// stacking on each: 4455667 on 7×6.
func bottomFour() string {
	var b strings.Builder
	for c := board.Width - 3; c <= board.Width; c++ {
		b.WriteString(col(c))
		if c < board.Width {
			b.WriteString(col(c))
		}
	}
	return b.String()
}

// TestFixtures pins the fixtures to the move strings the tests used on
// 7×6 and checks that they are legal on this board.
func TestFixtures(t *testing.T) {
	fixtures := map[string]string{
		"fillColumn(centre)+3": fillColumn(centre) + col(centre-1),
		"allColumns":           allColumns(),
		"bottomFour":           bottomFour(),
		"fillColumn(centre)+fillColumn(centre-1)": fillColumn(centre) + fillColumn(centre-1) + col(centre-2),
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
