package batch

import (
	"math/rand/v2"
	"testing"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/longtest"
	"github.com/fourgen/fourgen/internal/movetest"
)

// nonLosingOracle is the set of playable cells of p after which the
// opponent cannot make four at once, found by playing each column.
func nonLosingOracle(p board.Position) uint64 {
	var set uint64
	for col := range board.Width {
		if !p.CanPlay(col) {
			continue
		}
		child := p
		child.Play(col)
		if !child.CanWinNow() {
			set |= child.Occupied().AndNot(p.Occupied()).Word(0)
		}
	}
	return set
}

// checkAgainst fails t unless every operation of b agrees with the
// positions ps, board by board.
func checkAgainst(t testing.TB, b *Boards, ps []board.Position) {
	t.Helper()
	n := b.Len()
	legal, won, wins, safe := make([]uint64, n), make([]uint64, n), make([]uint64, n), make([]uint64, n)
	b.Legal(legal)
	b.Won(won)
	b.WinningCells(wins)
	b.NonLosing(safe)
	for i, p := range ps {
		switch {
		case b.Current[i] != p.Current().Word(0) || b.Occupied[i] != p.Occupied().Word(0) || int(b.Stones[i]) != p.Moves():
			t.Fatalf("board %d: words %#x %#x %d, want %s %s %d", i, b.Current[i], b.Occupied[i], b.Stones[i], p.Current().Hex(), p.Occupied().Hex(), p.Moves())
		case legal[i] != p.Legal().Word(0):
			t.Fatalf("board %d: Legal %#x, want %s", i, legal[i], p.Legal().Hex())
		case (won[i] == 1) != p.IsWon() || won[i] > 1:
			t.Fatalf("board %d: Won %d, want %v", i, won[i], p.IsWon())
		case wins[i] != p.WinningCells().Word(0):
			t.Fatalf("board %d: WinningCells %#x, want %s", i, wins[i], p.WinningCells().Hex())
		case !p.IsWon() && safe[i] != nonLosingOracle(p):
			t.Fatalf("board %d: NonLosing %#x, want %#x", i, safe[i], nonLosingOracle(p))
		}
	}
}

// randomStep plays a random legal column (or, one time in eight, no move)
// on every board and position whose game goes on, alternating between
// Play and PlayColumns, and resets the finished games; it returns the
// number of moves played.
func randomStep(t testing.TB, rng *rand.Rand, b *Boards, ps []board.Position, byColumn bool) int {
	t.Helper()
	n := b.Len()
	cols, cells := make([]uint8, n), make([]uint64, n)
	moves := 0
	for i, p := range ps {
		cols[i] = noMove
		if rng.IntN(8) == 0 {
			continue
		}
		legal := p.Legal()
		var choice []int
		for col := range board.Width {
			if !legal.And(board.ColumnMask(col)).IsZero() {
				choice = append(choice, col)
			}
		}
		col := choice[rng.IntN(len(choice))]
		cols[i], cells[i] = uint8(col), legal.And(board.ColumnMask(col)).Word(0)
		ps[i].Play(col)
		moves++
	}
	if byColumn {
		b.PlayColumns(cols)
	} else {
		b.Play(cells)
	}
	checkAgainst(t, b, ps)
	done := make([]uint64, n)
	reset := b.ResetFinished(board.Position{}, done)
	count := 0
	for i, p := range ps {
		if fin := p.IsWon() || p.IsFull(); fin != (done[i] == 1) {
			t.Fatalf("board %d: ResetFinished done %d, want %v", i, done[i], fin)
		} else if fin {
			ps[i] = board.Position{}
			count++
		}
	}
	if reset != count {
		t.Fatalf("ResetFinished = %d, want %d", reset, count)
	}
	return moves
}

// TestBoardsAgreeWithPosition steps batches of several sizes (odd ones
// exercise the SIMD kernels' tails) through random games and checks every
// operation against board.Position on every board after every move: over
// a million moves with -short, two million in a normal run, ten million
// with the long checks.
func TestBoardsAgreeWithPosition(t *testing.T) {
	oneWord(t)
	total := longtest.Pick(1_000_000, 2_000_000, 10_000_000)
	for _, n := range []int{1, 3, 4, 7, 64, 1001} {
		rng := rand.New(rand.NewPCG(uint64(n), 13))
		b := New(n)
		ps := make([]board.Position, n)
		moves := 0
		for step := 0; moves < total/6; step++ {
			moves += randomStep(t, rng, b, ps, step%2 == 1)
		}
	}
}

// TestSetAndFill checks that boards loaded from positions hold their words.
func TestSetAndFill(t *testing.T) {
	oneWord(t)
	tests := []string{"", "4", "4455", seq(fillColumn(centre), col(centre-1)), "1212121"}
	for _, moves := range tests {
		p, err := board.Parse(movetest.Fixture(moves))
		if err != nil {
			t.Fatal(err)
		}
		b := New(5)
		b.Fill(p)
		checkAgainst(t, b, []board.Position{p, p, p, p, p})
	}
}

// TestShortDestinationPanics checks that a destination shorter than the
// batch is reported clearly.
func TestShortDestinationPanics(t *testing.T) {
	oneWord(t)
	defer func() {
		if r := recover(); r == nil {
			t.Fatal("Legal with a short destination did not panic")
		}
	}()
	New(4).Legal(make([]uint64, 3))
}

// FuzzBoards plays the fuzzer's bytes as columns (mod Width+1, the last
// meaning no move) on a batch of five boards, skipping full columns and
// finished games, and checks every operation against board.Position.
func FuzzBoards(f *testing.F) {
	oneWord(f)
	f.Add([]byte("44444433333"))
	f.Add([]byte{0, 1, 0, 1, 0, 1, 0, 7, 7, 3, 3, 3})
	f.Add([]byte("\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09"))
	f.Fuzz(func(t *testing.T, data []byte) {
		const n = 5
		b := New(n)
		ps := make([]board.Position, n)
		cols := []uint8{noMove, noMove, noMove, noMove, noMove}
		for k, c := range data {
			i := k % n
			col := int(c) % (board.Width + 1)
			cols[i] = noMove
			if col < board.Width && ps[i].CanPlay(col) && !ps[i].IsWon() {
				cols[i] = uint8(col)
				ps[i].Play(col)
			}
			if i == n-1 || k == len(data)-1 {
				b.PlayColumns(cols)
				checkAgainst(t, b, ps)
				for j := range cols {
					cols[j] = noMove
				}
			}
		}
	})
}
