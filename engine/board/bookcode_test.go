package board

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/internal/geom"
)

// randomQuietGame returns a random move string of n moves, each checked by
// Parse, none of which makes a four.
func randomQuietGame(tb testing.TB, rng *rand.Rand, n int) (string, Position) {
	tb.Helper()
	for range 1000 {
		var cols []int
		var p Position
		for tries := 0; len(cols) < n && tries < 100; tries++ {
			next := append(cols, rng.IntN(Width))
			q, err := Parse(MoveString(next))
			if err != nil || q.IsWon() {
				continue // a full column, or a four
			}
			cols, p = next, q
		}
		if len(cols) == n {
			return MoveString(cols), p
		}
	}
	tb.Fatalf("no random game of %d moves without a four", n)
	return "", Position{}
}

// modelStoneString is the stone string of the model's board, written from
// the documentation: column by column from the left, each column bottom to
// top, 10 for a first player's stone and 11 for a second player's, a 0
// after each column and one more at the end. It is a string of '0' and
// '1', most significant bit first.
func modelStoneString(m *geom.Model) string {
	var b strings.Builder
	for col := range Width {
		for row := range m.Height[col] {
			b.WriteString([]string{"", "10", "11"}[m.Owner[col][row]])
		}
		b.WriteString("0")
	}
	return b.String() + "0"
}

// bitString writes the low length bits of code, most significant first.
func bitString(code uint64, length int) string {
	var b strings.Builder
	for i := length - 1; i >= 0; i-- {
		b.WriteByte(byte('0' + code>>i&1))
	}
	return b.String()
}

// TestStoneStringRoundTrip checks StoneString against the model and that
// ParseStoneString gives the position back, on random positions of 0 to
// 12 stones.
func TestStoneStringRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for n := 0; n <= 12; n++ {
		for range 200 {
			moves, p := randomQuietGame(t, rng, n)
			code := StoneString(p)
			length := 2*n + Width + 1
			if want := modelStoneString(modelOf(moves)); bitString(code, length) != want || code>>length != 0 {
				t.Fatalf("%s: StoneString = %b, want %s", moves, code, want)
			}
			q, err := ParseStoneString(code, n)
			if err != nil {
				t.Fatalf("%s: ParseStoneString(%#x, %d): %v", moves, code, n, err)
			}
			if q != p {
				t.Fatalf("%s: ParseStoneString(StoneString) =\n%vwant\n%v", moves, q, p)
			}
			m := p.Mirror()
			// Book keys are 32 bits: they hold positions of up to MaxBookPlies stones.
			if n <= MaxBookPlies && (BookKey(p) != BookKey(m) || uint64(BookKey(p)) != min(code, StoneString(m))) {
				t.Fatalf("%s: BookKey = %d, of the mirror %d; stone strings %d and %d",
					moves, BookKey(p), BookKey(m), code, StoneString(m))
			}
			if want := modelStoneString(modelOf(mirrorMoves(moves))); bitString(StoneString(m), length) != want {
				t.Fatalf("%s: StoneString of the mirror = %b, want %s", moves, StoneString(m), want)
			}
		}
	}
}

// TestStoneStringVectors checks the examples of the reference data's
// README, which documents BitBully's key encoding.
func TestStoneStringVectors(t *testing.T) {
	classicOnly(t) // its fixtures are of the 7×6 board
	for _, tc := range []struct {
		moves string
		code  uint64
	}{
		{"67676667", 351484},
		{"12345555", 10120112},
		{"76543333", 3070568},
	} {
		p, err := Parse(tc.moves)
		if err != nil {
			t.Fatal(err)
		}
		if got := StoneString(p); got != tc.code {
			t.Errorf("StoneString(%s) = %d, want %d", tc.moves, got, tc.code)
		}
	}
}

// stoneCode writes a stone string from columns drawn bottom to top, x for
// the first player and o for the second, without checking anything.
func stoneCode(columns ...string) uint64 {
	var code uint64
	for _, col := range columns {
		for _, c := range col {
			code = code<<2 | 2
			if c == 'o' {
				code |= 1
			}
		}
		code <<= 1
	}
	return code << 1
}

// TestParseStoneStringErrors checks that ParseStoneString refuses every
// kind of malformed code and says what is wrong.
func TestParseStoneStringErrors(t *testing.T) {
	skipUnlessFourInARow(t)
	classicOnly(t)                                     // its fixtures are of the 7×6 board
	valid := stoneCode("xo", "", "", "x", "", "", "o") // 4 stones
	if _, err := ParseStoneString(valid, 4); err != nil {
		t.Fatalf("the valid code: %v", err)
	}
	for _, tc := range []struct {
		name   string
		code   uint64
		stones int
		want   string
	}{
		{"bit above the length", valid | 1<<16, 4, "is longer than 16 bits"},
		{"too many stones for 64 bits", 0, 29, "is longer than 66 bits"},
		{"negative stones", 0, -5, "want 0 or more"},
		{"last bit set", valid | 1, 4, "does not end after 7 columns"},
		{"an eighth column", stoneCode("x", "o", "", "", "", "", "", ""), 2, "is longer than 12 bits"},
		{"a stone after the last column", valid<<2 | 2<<1, 5, "does not end after 7 columns"},
		{"all zero", 0, 4, "does not end after 7 columns"},
		{"fewer stones than said", valid, 5, "does not end after 7 columns"},
		{"more stones than said", valid, 3, "is longer than"},
		{"seven in a column", stoneCode("xoxoxox", "o", "x", "o", "x", "o", "o"), 13, "column 1 overflows"},
		{"four for the first player", stoneCode("xxxx", "ooo", "o", "", "", "", ""), 8, "has four in a row"},
		{"four for the second player", stoneCode("x", "oooo", "xxx", "", "", "", "x"), 9, "four in a row"},
		{"first player only", stoneCode("xx", "xx", "", "", "", "", ""), 4, "4 first-player and 0 second-player stones"},
		{"second player ahead", stoneCode("o", "", "", "", "", "", ""), 1, "0 first-player and 1 second-player stones"},
		{"first player two ahead", stoneCode("xx", "o", "x", "", "", "", ""), 4, "3 first-player and 1 second-player stones"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ParseStoneString(tc.code, tc.stones)
			if err == nil {
				t.Fatalf("ParseStoneString(%#x, %d) accepted it:\n%v", tc.code, tc.stones, p)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q does not say %q", err, tc.want)
			}
		})
	}
}

// TestStoneStringFullColumn checks that a full column's stone string reads
// back as the position, on every height (a table of 16-bit column codes
// once cut a column of 8 stones or more: 6×10's book keys).
func TestStoneStringFullColumn(t *testing.T) {
	var p Position
	for range Height {
		p.Play(0) // the players alternate up the column: no four
	}
	got, err := ParseStoneString(StoneString(p), p.Moves())
	if err != nil || got != p {
		t.Errorf("ParseStoneString(StoneString of a full column 1) = %v, %v; want the position", got, err)
	}
}
