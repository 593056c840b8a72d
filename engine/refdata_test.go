package engine

import (
	"math/rand/v2"

	"github.com/fourgen/fourgen/engine/board"

	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/internal/geom"
	"github.com/fourgen/fourgen/internal/reftest"
)

// refDir is where the independent reference data lives: beside the repo,
// or where $FOURGEN_TESTDATA says.
var refDir = reftest.Dir("../../shared/testdata")

// refSkips records the tests skipped for want of the reference data.
var refSkips reftest.Skips

// TestMain runs the tests and prints one line naming those that skipped
// for want of the reference data, which go test shows without -v.
func TestMain(m *testing.M) { os.Exit(refSkips.Main(m, "engine")) }

// classicOnly skips tb at a board size other than 7×6: its fixtures, or
// the reference data it reads, are of the classic board.
func classicOnly(tb testing.TB) {
	tb.Helper()
	refSkips.Classic(tb, board.Width, board.Height, board.InARow)
}

// refCase is one line of a reference file: a move string and its expected
// score, or the scores of every column for analyze files.
type refCase struct {
	moves  string
	scores []int
}

// loadRef reads a reference file of "MOVES SCORE…" lines, skipping the
// test when the data is not there. limit ≤ 0 reads every line.
func loadRef(tb testing.TB, name string, limit int) []refCase {
	tb.Helper()
	classicOnly(tb) // the reference data is of the 7×6 board
	path := filepath.Join(refDir, name)
	f, err := os.Open(path)
	if err != nil {
		refSkips.Skip(tb, err)
	}
	defer f.Close()
	var cases []refCase
	sc := bufio.NewScanner(f)
	for sc.Scan() && (limit <= 0 || len(cases) < limit) {
		fields := strings.Fields(sc.Text())
		if len(fields) < 2 {
			tb.Fatalf("%s: malformed line %q", path, sc.Text())
		}
		c := refCase{moves: fields[0]}
		for _, s := range fields[1:] {
			v, err := strconv.Atoi(s)
			if err != nil {
				tb.Fatalf("%s: bad score in %q: %v", path, sc.Text(), err)
			}
			c.scores = append(c.scores, v)
		}
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return cases
}

// refGeom is the board's geometry, for the slow reference predicates of
// internal/geom.
var refGeom = geom.Geometry{Width: board.Width, Height: board.Height, InARow: board.InARow}

// modelOf replays a move string of valid, legal moves on the model.
func modelOf(moves string) *geom.Model {
	m := refGeom.NewModel()
	for i := range len(moves) {
		m.Play(int(moves[i] - '1'))
	}
	return m
}

// playRandomGame plays a random game (geom.RandomGame) and calls visit with
// every position on the way, the last one included, its move string and
// the model.
func playRandomGame(rng *rand.Rand, visit func(moves string, p board.Position, m *geom.Model)) {
	refGeom.RandomGame(rng, func(cols []int, m *geom.Model) {
		var p board.Position
		for _, col := range cols {
			p.Play(col)
		}
		visit(board.MoveString(cols), p, m)
	})
}

// findDrawnGame returns the move string of a drawn game (geom.DrawnGame).
func findDrawnGame(t *testing.T, rng *rand.Rand) string {
	t.Helper()
	cols, ok := refGeom.DrawnGame(rng)
	if !ok {
		t.Fatal("no drawn game found")
	}
	return board.MoveString(cols)
}

// mustSolver returns a new solver with a table of about mib MiB, or fails
// tb.
func mustSolver(tb testing.TB, mib int) *Solver {
	tb.Helper()
	s, err := NewSolver(mib)
	if err != nil {
		tb.Fatal(err)
	}
	return s
}
