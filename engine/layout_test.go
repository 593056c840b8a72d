package engine

import (
	"math/rand/v2"
	"testing"
)

// TestLayoutHelpers checks CentreOrder (every column once, from the middle
// outwards) and, on random positions, ColumnOf, WinningMoves and
// NonLosingMoves against playing each column: a move that does not make
// four is non-losing exactly when the opponent then cannot win at once.
func TestLayoutHelpers(t *testing.T) {
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
		var wantSafe, wantWins uint64
		for col := range Width {
			if !p.CanPlay(col) {
				continue
			}
			move := p.Legal() & ColumnMask(col)
			if ColumnOf(move) != col {
				t.Fatalf("ColumnOf(%#x) = %d, want %d", move, ColumnOf(move), col)
			}
			if p.IsWinningMove(col) {
				wantWins |= move
				continue // the game ends: nothing for the opponent to answer
			}
			child := p
			child.Play(col)
			if !child.CanWinNow() {
				wantSafe |= move
			}
		}
		if got := p.WinningMoves(); got != wantWins {
			t.Errorf("%v: WinningMoves = %#x, want %#x", p, got, wantWins)
		}
		if got := p.NonLosingMoves() &^ wantWins; got != wantSafe {
			t.Errorf("%v: NonLosingMoves (less wins) = %#x, want %#x", p, got, wantSafe)
		}
	}
}

// distance is the absolute value of x.
func distance(x int) int { return max(x, -x) }
