package reftest

import (
	"fmt"
	"testing"
)

// The board the reference data is of: every position, score and database
// in it is of the classic board.
const (
	ClassicWidth  = 7
	ClassicHeight = 6
)

// Classic skips tb, recorded as a skip for want of the reference data
// (but not as data missing: see requireEnv),
// unless the engine under test plays the board the data is of. width and
// height are the engine's (board.Width and board.Height): the caller
// passes them, so that this package imports no engine and the engine's own
// tests may use it.
func (s *Skips) Classic(tb testing.TB, width, height int) {
	tb.Helper()
	if width != ClassicWidth || height != ClassicHeight {
		s.record(tb, fmt.Errorf("the reference data is of the %d×%d board, this engine plays %d×%d",
			ClassicWidth, ClassicHeight, width, height), false)
	}
}
