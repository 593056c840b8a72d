package humanplayer

import (
	"testing"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/reftest"
)

// classicOnly skips a test whose scripted input is columns of the classic
// board when the engine plays another size.
func classicOnly(t testing.TB) {
	t.Helper()
	if board.Width != reftest.ClassicWidth || board.Height != reftest.ClassicHeight {
		t.Skipf("the fixtures are of the %d×%d board, this engine plays %d×%d",
			reftest.ClassicWidth, reftest.ClassicHeight, board.Width, board.Height)
	}
}
