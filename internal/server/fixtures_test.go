package server

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/fourgen/fourgen/engine/batch"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/movetest"
	"github.com/fourgen/fourgen/internal/reftest"
)

// firstOfFour is the 1-based leftmost column of the rightmost four (4 on
// 7×6): the fixtures below play there so that they exist on every board.
const firstOfFour = board.Width - 3

// bottomThree returns the six moves after which the first player has three
// in the bottom row from column firstOfFour, the second player stacking on
// each (445566 on 7×6): columns firstOfFour-1 and firstOfFour+3 win at once.
func bottomThree() string {
	var cols []int
	for c := firstOfFour; c < firstOfFour+3; c++ {
		cols = append(cols, c-1, c-1)
	}
	return board.MoveString(cols)
}

// bottomFour returns bottomThree and the first player's four in the bottom
// row of the rightmost four columns (4455667 on 7×6).
func bottomFour() string { return board.Usual().Append(bottomThree(), board.Width-1) }

// skipQuickBoard skips a test that needs a request to outlast a timeout by
// solving the empty board without a book (minutes on 7×6), on a board of
// fewer cells than 7×6, whose empty board may solve within the timeout
// (5×4 in milliseconds, 6×5 in about a tenth of a second).
func skipQuickBoard(t *testing.T) {
	t.Helper()
	if board.Cells < reftest.ClassicWidth*reftest.ClassicHeight {
		t.Skipf("the empty %d×%d board may solve within the timeout: no request surely outlasts it", board.Width, board.Height)
	}
}

// needMCTS skips a test of mcts:N on a board that batch, where its
// playouts run, does not play (a board of two words).
func needMCTS(t *testing.T) {
	t.Helper()
	if err := batch.Supported(); err != nil {
		t.Skipf("mcts:N plays out on batch, which does not play this board: %v", err)
	}
}

// perfectOrGreedy returns "perfect", or "greedy" (which also makes four
// when it can) on a board larger than 7×6, where the perfect agent, which
// scores every column before it moves, takes longer than the test's
// timeout without a book even when a column wins at once.
func perfectOrGreedy() string {
	if board.Cells > reftest.ClassicWidth*reftest.ClassicHeight {
		return "greedy"
	}
	return "perfect"
}

// TestFixtures pins the fixtures to the move strings of 7×6 and checks
// them on this board.
func TestFixtures(t *testing.T) {
	if board.Width == reftest.ClassicWidth && board.Height == reftest.ClassicHeight &&
		(bottomThree() != "445566" || bottomFour() != "4455667") {
		t.Errorf("bottomThree, bottomFour = %q, %q on 7×6, want 445566, 4455667", bottomThree(), bottomFour())
	}
	three, err := board.Parse(movetest.Fixture(bottomThree()))
	if err != nil {
		t.Fatal(err)
	}
	want := board.Cell(firstOfFour-2, 0).Or(board.Cell(firstOfFour+2, 0))
	if got := three.WinningMoves(); got != want {
		t.Errorf("bottomThree %q: winning moves %s, want %s", bottomThree(), got.Hex(), want.Hex())
	}
	if four, err := board.Parse(movetest.Fixture(bottomFour())); err != nil || !four.IsWon() {
		t.Errorf("bottomFour %q: %v, won %v", bottomFour(), err, four.IsWon())
	}
}

// opponentPosition is the position TestWebOpponents asks every opponent
// to move in: a game going on with 12 empty cells, from random games (of a
// fixed seed) in which neither side makes four, so that the perfect agent,
// which the test server gives no book, answers in time on every board and
// under the race detector.
func opponentPosition(t *testing.T) string {
	t.Helper()
	rng := rand.New(rand.NewPCG(1, 2))
	for range 1000 {
		if moves, _, ok := movetest.QuietGame(rng, 12); ok {
			return board.MoveString(moves)
		}
	}
	t.Fatal("no game of random moves reached 12 empty cells without a four")
	return ""
}

// hexWord writes a set of cells as the API does, apart from Bits.Hex: "0x"
// and 16 hex digits of the packed number on a board of one word, 32 on a
// board of two.
func hexWord(w board.Bits) string {
	lo, hi := w.Packed()
	if board.Words == 1 {
		return fmt.Sprintf("0x%016x", lo)
	}
	return fmt.Sprintf("0x%016x%016x", hi, lo)
}
