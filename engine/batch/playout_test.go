package batch

import (
	"testing"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/movetest"
)

// TestPlayoutsEndGames runs both policies from several positions and
// checks that every game ends, that the result matches the final board
// and that the move count adds up.
func TestPlayoutsEndGames(t *testing.T) {
	oneWord(t)
	starts := []string{"", "4", "444", "12121", allColumns(), bottomFour(), seq(fillColumn(centre), fillColumn(centre-1), col(centre-2))}
	for _, policy := range []Policy{Random, Greedy} {
		for _, moves := range starts {
			p, err := board.Parse(movetest.Fixture(moves))
			if err != nil {
				t.Fatal(err)
			}
			const n = 257
			b := New(n)
			b.Fill(p)
			result := make([]int8, n)
			played := NewPlayouts(n, policy, 7).Run(b, result)
			won := make([]uint64, n)
			b.Won(won)
			total := 0
			for i := range n {
				plies := int(b.Stones[i]) - p.Moves()
				total += plies
				want := int8(0)
				switch {
				case won[i] == 1 && plies > 0:
					want = -1 // the start side did not make the last move
					if plies%2 == 1 {
						want = 1
					}
				case won[i] == 0 && b.Stones[i] != board.Cells:
					t.Fatalf("%s %q board %d: game not over after the playout", policy, moves, i)
				}
				if result[i] != want {
					t.Fatalf("%s %q board %d: result %d, want %d", policy, moves, i, result[i], want)
				}
			}
			if played != total {
				t.Errorf("%s %q: Run = %d moves, boards gained %d stones", policy, moves, played, total)
			}
		}
	}
}

// TestGreedyPlayouts checks the greedy policy's tactics: it makes four when
// it can, and blocks a single threat.
func TestGreedyPlayouts(t *testing.T) {
	oneWord(t)
	const n = 64
	// The first player to move makes four in the bottom row at once.
	p, err := board.Parse(movetest.Fixture("112233"))
	if err != nil {
		t.Fatal(err)
	}
	b := New(n)
	b.Fill(p)
	result := make([]int8, n)
	NewPlayouts(n, Greedy, 1).Run(b, result)
	for i := range n {
		if result[i] != 1 || b.Stones[i] != 7 {
			t.Fatalf("112233 playout %d: result %d after %d stones, want a win at the 7th", i, result[i], b.Stones[i])
		}
	}
	// After 11223 the second player must block the bottom of column 4: the
	// cell ends up its stone in every greedy playout.
	p, err = board.Parse(movetest.Fixture("11223"))
	if err != nil {
		t.Fatal(err)
	}
	b.Fill(p)
	NewPlayouts(n, Greedy, 2).Run(b, result)
	block := board.ColumnMask(3).And(board.BottomMask).Word(0)
	for i := range n {
		mine := b.Current[i] // the start side's stones at the end
		if (int(b.Stones[i])-p.Moves())%2 == 1 {
			mine ^= b.Occupied[i]
		}
		if mine&block == 0 {
			t.Fatalf("11223 playout %d: column 4 not blocked (result %d)", i, result[i])
		}
	}
}
