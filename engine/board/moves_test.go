package board

import (
	"math/rand/v2"
	"testing"
)

// TestMoveHelpers checks CentreOrder (every column once, from the middle
// outwards) and, on random positions, ColumnOf, WinningMoves and
// NonLosingMoves against playing each column: a move that does not make
// four is non-losing exactly when the opponent then cannot win at once.
func TestMoveHelpers(t *testing.T) {
	order := CentreOrder()
	seen := map[int]bool{}
	for i, col := range order {
		if col < 0 || col >= Width || seen[col] {
			t.Fatalf("CentreOrder()[%d] = %d: not a new column", i, col)
		}
		seen[col] = true
		if d, prev := distance(2*col-(Width-1)), distance(2*order[max(i-1, 0)]-(Width-1)); d < prev {
			t.Errorf("CentreOrder() = %v: column %d is nearer the centre than the one before it", order, col)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		var p Position
		for p.Moves() < rng.IntN(Cells) && !p.CanWinNow() {
			var cols []int
			for col := range Width {
				if p.CanPlay(col) {
					cols = append(cols, col)
				}
			}
			p.Play(cols[rng.IntN(len(cols))])
		}
		if p.IsWon() || p.IsFull() {
			continue
		}
		wantSafe, wantWins := NoCells, NoCells
		for col := range Width {
			if !p.CanPlay(col) {
				continue
			}
			move := p.Legal().And(ColumnMask(col))
			if ColumnOf(move) != col {
				t.Fatalf("ColumnOf(%s) = %d, want %d", move.Hex(), ColumnOf(move), col)
			}
			if p.IsWinningMove(col) {
				wantWins = wantWins.Or(move)
				continue // the game ends: nothing for the opponent to answer
			}
			child := p
			child.Play(col)
			if !child.CanWinNow() {
				wantSafe = wantSafe.Or(move)
			}
		}
		if got := p.WinningMoves(); got != wantWins {
			t.Errorf("%v: WinningMoves = %s, want %s", p, got.Hex(), wantWins.Hex())
		}
		if got := p.NonLosingMoves().AndNot(wantWins); got != wantSafe {
			t.Errorf("%v: NonLosingMoves (less wins) = %s, want %s", p, got.Hex(), wantSafe.Hex())
		}
	}
}

// distance is the absolute value of x.
func distance(x int) int { return max(x, -x) }

// TestColumnChars checks that every column's character (of the first nine,
// on a wider board) names it back, in a move string that Parse plays, and
// that no other byte names a column.
func TestColumnChars(t *testing.T) {
	var cols []int
	for col := range min(Width, maxDigitColumns) {
		c := ColumnChar(col)
		if back, ok := ColumnOfChar(c); !ok || back != col {
			t.Errorf("ColumnOfChar(ColumnChar(%d) = %q) = %d, %v", col, c, back, ok)
		}
		cols = append(cols, col)
	}
	named := 0
	for c := range 256 {
		if col, ok := ColumnOfChar(byte(c)); ok {
			named++
			if ColumnChar(col) != byte(c) {
				t.Errorf("ColumnOfChar(%q) = %d, whose character is %q", byte(c), col, ColumnChar(col))
			}
		}
	}
	if named != min(Width, maxDigitColumns) {
		t.Errorf("%d bytes name a column, want %d", named, min(Width, maxDigitColumns))
	}
	moves := MoveString(cols)
	p, err := Parse(moves)
	if err != nil {
		t.Fatalf("Parse(MoveString(%v) = %q): %v", cols, moves, err)
	}
	for col := range len(cols) {
		if p.Height(col) != 1 || p.Stone(col, 0) != 1+col%2 {
			t.Errorf("after %q column %d holds %d stones, the first of player %d", moves, col, p.Height(col), p.Stone(col, 0))
		}
	}
}
