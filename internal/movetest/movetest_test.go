package movetest

import (
	"math/rand/v2"
	"testing"

	"github.com/fourgen/fourgen/engine/board"
)

// TestFixture checks that a fixture reads back as the columns its digits
// name, at this board's width, and that one with commas is kept.
func TestFixture(t *testing.T) {
	for _, digits := range []string{"", "4", "4453", "1234"} {
		cols, _, err := board.ReadMoves(Fixture(digits), false)
		if err != nil {
			t.Fatalf("Fixture(%q) = %q: %v", digits, Fixture(digits), err)
		}
		if len(cols) != len(digits) {
			t.Fatalf("Fixture(%q) = %q reads %d moves", digits, Fixture(digits), len(cols))
		}
		for i, col := range cols {
			if want, _ := board.ColumnOfChar(digits[i]); col != want {
				t.Errorf("Fixture(%q) move %d: column %d, want %d", digits, i+1, col, want)
			}
		}
	}
	if got := Fixture("10,1"); got != "10,1" {
		t.Errorf("Fixture(10,1) = %q", got)
	}
}

// TestQuietGame checks that QuietGame's games reach the empty cells asked
// for without a four, or stop where no column is left that does not make one.
func TestQuietGame(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	reached := 0
	for range 50 {
		moves, p, ok := QuietGame(rng, 12)
		if p.Moves() != len(moves) || p.IsWon() {
			t.Fatalf("%v: %d stones, won %v", moves, p.Moves(), p.IsWon())
		}
		if ok != (p.Moves() == board.Cells-12) {
			t.Fatalf("%v: ok %v with %d stones", moves, ok, p.Moves())
		}
		if ok {
			reached++
		}
		if !ok {
			for col := range board.Width {
				if p.CanPlay(col) && !p.IsWinningMove(col) {
					t.Fatalf("%v: stopped with column %d quiet", moves, col)
				}
			}
		}
	}
	if reached == 0 {
		t.Error("no game reached 12 empty cells")
	}
}
