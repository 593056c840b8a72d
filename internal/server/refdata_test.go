package server

import (
	"os"
	"testing"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/reftest"
)

// testdata is the shared reference data, relative to this package, or
// where $FOURGEN_TESTDATA says.
var testdata = reftest.Dir("../../../shared/testdata")

// refSkips records the tests skipped for want of the reference data.
var refSkips reftest.Skips

// TestMain runs the tests and prints one line naming those that skipped
// for want of the reference data, which go test shows without -v.
func TestMain(m *testing.M) { os.Exit(refSkips.Main(m, "internal/server")) }

// refLines returns the first n lines of the reference file rel (under
// testdata), skipping the test when the data is not there or is of
// another board than the engine's (the data is of 7×6).
func refLines(t testing.TB, rel string, n int) []string {
	t.Helper()
	refSkips.Classic(t, board.Width, board.Height, board.InARow)
	return refSkips.Lines(t, testdata, rel, n)
}
