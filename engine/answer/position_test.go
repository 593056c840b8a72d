package answer

import (
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine"
)

// FuzzValidMoves checks ValidMoves on any string: its first n moves are a
// position the engine accepts, and one move more (if there is one) is not.
func FuzzValidMoves(f *testing.F) {
	for _, s := range []string{"", "4453", "4453x1", "44444444", "12121212", strings.Repeat("1234567", engine.Width), "4\xff", "0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, moves string) {
		n := ValidMoves(moves)
		if n < 0 || n > len(moves) {
			t.Fatalf("ValidMoves(%q) = %d, out of range", moves, n)
		}
		if _, err := engine.Parse(moves[:n]); err != nil {
			t.Fatalf("ValidMoves(%q) = %d, but the engine refuses %q: %v", moves, n, moves[:n], err)
		}
		if n < len(moves) {
			if _, err := engine.Parse(moves[:n+1]); err == nil {
				t.Fatalf("ValidMoves(%q) = %d, but the engine accepts %q", moves, n, moves[:n+1])
			}
		}
	})
}
