package book

import (
	"bufio"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/movetest"
	"github.com/fourgen/fourgen/internal/reftest"
	"github.com/fourgen/fourgen/internal/shard"
)

// whole is the part of a build done by one process: all of it.
var whole = shard.Part{Index: 0, Of: 1}

// refDir is where the independent reference data lives: beside the repo,
// or where $FOURGEN_TESTDATA says.
var refDir = reftest.Dir("../../../shared/testdata")

// refSkips records the tests skipped for want of the reference data.
var refSkips reftest.Skips

// TestMain runs the tests and prints one line naming those that skipped
// for want of the reference data, which go test shows without -v.
func TestMain(m *testing.M) { os.Exit(refSkips.Main(m, "book")) }

// skipOtherSize skips a test whose expectations (counts from the
// reference data, BitBully's database, error texts with the board's
// numbers) hold for the 7×6 board only, and records the skip for the
// package's summary line.
func skipOtherSize(tb testing.TB) {
	tb.Helper()
	refSkips.Classic(tb, board.Width, board.Height, board.InARow)
}

func mustParse(tb testing.TB, moves string) board.Position {
	tb.Helper()
	p, err := board.Parse(movetest.Fixture(moves))
	if err != nil {
		tb.Fatalf("Parse(%q): %v", moves, err)
	}
	return p
}

// refMoves reads the move strings of the first n lines of a reference
// file of "MOVES SCORE…" lines, skipping the test when the data is not
// there.
func refMoves(tb testing.TB, name string, n int) []string {
	tb.Helper()
	skipOtherSize(tb)
	path := filepath.Join(refDir, name)
	f, err := os.Open(path)
	if err != nil {
		refSkips.Skip(tb, err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() && len(out) < n {
		moves, _, ok := strings.Cut(sc.Text(), " ")
		if !ok {
			tb.Fatalf("%s: malformed line %q", path, sc.Text())
		}
		out = append(out, moves)
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}

// stoneCode writes a stone string from columns drawn bottom to top, x for
// the first player and o for the second, without checking anything.
func stoneCode(columns ...string) uint64 {
	var code uint64
	for _, col := range columns {
		for _, c := range col {
			code = code<<2 | 2
			if c == 'o' {
				code |= 1
			}
		}
		code <<= 1
	}
	return code << 1
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}
