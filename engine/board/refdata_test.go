package board

import (
	"os"
	"testing"

	"github.com/fourgen/fourgen/internal/reftest"
)

// refSkips records the tests skipped for want of the reference data.
var refSkips reftest.Skips

// TestMain runs the tests and prints one line naming those that skipped
// for want of the reference data, which go test shows without -v.
func TestMain(m *testing.M) { os.Exit(refSkips.Main(m, "board")) }

// classicOnly skips tb at a board size other than 7×6: its fixtures are of
// the classic board.
func classicOnly(tb testing.TB) {
	tb.Helper()
	refSkips.Classic(tb, Width, Height, InARow)
}
