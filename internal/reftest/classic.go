package reftest

import (
	"fmt"
	"testing"
)

// The board the reference data is of: every position, score and database
// in it is of the classic board and of four in a row.
const (
	ClassicWidth  = 7
	ClassicHeight = 6
	classicInARow = 4
)

// Classic skips tb, recorded as a skip for want of the reference data
// (but not as data missing: see requireEnv),
// unless the engine under test plays the board and the rule the data is
// of. width, height and inARow are the engine's (board.Width,
// board.Height and board.InARow): the caller passes them, so that this package imports no engine and the engine's own
// tests may use it.
func (s *Skips) Classic(tb testing.TB, width, height, inARow int) {
	tb.Helper()
	switch {
	case width != ClassicWidth || height != ClassicHeight:
		s.record(tb, fmt.Errorf("the reference data is of the %d×%d board, this engine plays %d×%d",
			ClassicWidth, ClassicHeight, width, height), false)
	case inARow != classicInARow:
		s.record(tb, fmt.Errorf("the reference data is of %d in a row, this engine plays %d in a row",
			classicInARow, inARow), false)
	}
}
