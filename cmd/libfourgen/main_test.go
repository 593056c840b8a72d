package main

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/reftest"
)

// refDir is where the reference data lives: beside the repository, or
// where $FOURGEN_TESTDATA says.
var refDir = reftest.Dir("../../../shared/testdata")

// refSkips records the tests skipped for want of the reference data.
var refSkips reftest.Skips

func TestMain(m *testing.M) { os.Exit(refSkips.Main(m, "cmd/libfourgen")) }

// refLine is a line of a reference file: a move string and its scores.
type refLine struct {
	moves  string
	scores []int32
}

// readRef reads the first n lines of a reference file of the 7×6 board.
func readRef(t *testing.T, rel string, n int) []refLine {
	t.Helper()
	refSkips.Classic(t, board.Width, board.Height, board.InARow)
	var out []refLine
	for _, line := range refSkips.Lines(t, refDir, rel, n) {
		f := strings.Fields(line)
		l := refLine{moves: f[0]}
		for _, s := range f[1:] {
			v, err := strconv.Atoi(s)
			if err != nil {
				t.Fatalf("%s: %q: %v", rel, line, err)
			}
			l.scores = append(l.scores, int32(v))
		}
		out = append(out, l)
	}
	return out
}

// newSolverHandle makes a solver through the C API, freed at the end of t.
func newSolverHandle(t *testing.T, mib, threads int, book bool) int64 {
	t.Helper()
	var m cmem
	defer m.free()
	h := m.out64(1)
	msg, msgCap := m.buf(256)
	b := 0
	if book {
		b = 1
	}
	if code := fg_solver_new(i32(mib), i32(threads), i32(b), h, msg, msgCap); code != 0 {
		t.Fatalf("fg_solver_new: code %d: %s", code, text(msg))
	}
	handle := int64At(h)
	t.Cleanup(func() {
		var m cmem
		defer m.free()
		msg, msgCap := m.buf(256)
		if code := fg_solver_free(i64(handle), msg, msgCap); code != 0 {
			t.Errorf("fg_solver_free: code %d: %s", code, text(msg))
		}
	})
	return handle
}

// analyzeCall analyses moves through the C API with solver h.
func analyzeCall(h int64, moves string, weak bool) ([]int32, int, string) {
	var m cmem
	defer m.free()
	s, n := m.str(moves)
	out := m.out32(board.Width)
	msg, msgCap := m.buf(512)
	w := 0
	if weak {
		w = 1
	}
	code := fg_analyze(i64(h), s, n, i32(w), 0, out, msg, msgCap)
	return int32sAt(out, board.Width), int(code), text(msg)
}
