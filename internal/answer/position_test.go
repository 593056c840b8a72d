package answer

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine/board"
)

// FuzzValidMoves checks ValidMoves on any string: its first n moves are a
// position the engine accepts, and one move more (if there is one) is not.
func FuzzValidMoves(f *testing.F) {
	for _, s := range []string{"", "4453", "4453x1", "44444444", "12121212", strings.Repeat("1234567", board.Width), "4\xff", "0",
		"4,4,5,3", "4,4,,5", "1,2,1,2,1,2,1,2", strings.Repeat("4,", 4000), "10,1,12"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, moves string) {
		n := ValidMoves(moves)
		count := len(moves)
		if _, notation, _ := board.ReadMoves(moves, false); notation.Commas {
			count = strings.Count(moves, ",") + 1
		}
		if n < 0 || n > count {
			t.Fatalf("ValidMoves(%q) = %d, out of range", moves, n)
		}
		head, notation := firstMoves(moves, n)
		if _, err := notation.Parse(head); err != nil {
			t.Fatalf("ValidMoves(%q) = %d, but the engine refuses %q: %v", moves, n, head, err)
		}
		if next, _ := firstMoves(moves, n+1); n < count {
			// "4,4," reads as two moves (a comma may end a string): what
			// must not be read is a move more than n.
			if p, err := notation.Parse(next); err == nil && p.Moves() > n {
				t.Fatalf("ValidMoves(%q) = %d, but the engine accepts %q", moves, n, next)
			}
		}
	})
}

// FuzzParse checks that a refused move string names the move that
// ValidMoves says is the first refused one, whatever the string: its
// first ValidMoves moves are a position the engine accepts, and the
// message is about the next move (issue 20 item 9: 4,000 moves gave
// validMoves 6 beside "move 43: too long").
func FuzzParse(f *testing.F) {
	for _, s := range []string{"", "4453", "4453x1", "44444444", "12121212", strings.Repeat("4", 4000),
		strings.Repeat("1234567", board.Width), "4\xff", "0", "\ufeff4453", "4,4,,5", strings.Repeat("4,", 4000), "1,2,1,2,1,2,1,2,x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, moves string) {
		p, err := Parse(moves)
		want, wantErr := board.Parse(moves)
		if (err == nil) != (wantErr == nil) || err == nil && p != want {
			t.Fatalf("Parse(%q) = %v, %v; the engine says %v, %v", moves, p, err, want, wantErr)
		}
		if err == nil {
			return
		}
		r, ok := errors.AsType[*Refusal](err)
		if !ok {
			t.Fatalf("Parse(%q): %T %v, want a Refusal", moves, err, err)
		}
		n := r.ValidMoves
		if n != ValidMoves(moves) || n > len(moves) {
			t.Fatalf("Parse(%q): validMoves %d, ValidMoves says %d", moves, n, ValidMoves(moves))
		}
		if prefix := fmt.Sprintf("bad position: move %d", n+1); !strings.HasPrefix(r.Msg, prefix+" ") && !strings.HasPrefix(r.Msg, prefix+":") {
			t.Fatalf("Parse(%q): %q beside validMoves %d, want it to start %q", moves, r.Msg, n, prefix)
		}
	})
}
