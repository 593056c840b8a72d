package movetest

import (
	"testing"

	"github.com/fourgen/fourgen/board"
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
