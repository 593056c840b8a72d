package engine

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/longtest"
)

// TestTenBySixShared holds a 10×6 build (make c4 SIZE=10x6, or go test
// -overlay with gen's files for 10×6), a board of two words, to the fastest
// C++ solver's own 10×6 test files in the shared data, cs-10x6/ (0-based
// move strings, exact scores from the side to move): every line of
// endgame_L1 and a sample of midgame_L1, every line of both with the long
// checks. At other sizes it skips.
func TestTenBySixShared(t *testing.T) {
	if board.Width != 10 || board.Height != 6 {
		t.Skipf("the cs-10x6 files are of the 10×6 board; this build plays %d×%d", board.Width, board.Height)
	}
	s, err := NewSolver(MinTableMiB)
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range []struct {
		name               string
		short, normal, all int
	}{
		{"endgame_L1.txt", 100, 1000, 1000},
		{"midgame_L1.txt", 5, 20, 1000},
	} {
		lines := refSkips.Lines(t, refDir, "cs-10x6/"+file.name, longtest.Pick(file.short, file.normal, file.all))
		wrong := 0
		for _, line := range lines {
			moves, want := parseZeroBasedLine(t, line)
			got, err := s.Solve(context.Background(), moves)
			if err != nil {
				t.Fatalf("%s %q: %v", file.name, line, err)
			}
			if int(got) != want {
				wrong++
				t.Errorf("%s %q: score %d, want %d", file.name, line, got, want)
			}
		}
		t.Logf("%s: %d lines, %d wrong", file.name, len(lines), wrong)
	}
}

// parseZeroBasedLine reads a line "MOVES SCORE" of 0-based columns with
// board.ParseAs, failing t on a move the board refuses.
func parseZeroBasedLine(t *testing.T, line string) (board.Position, int) {
	t.Helper()
	fields := strings.Fields(line)
	if len(fields) != 2 {
		t.Fatalf("line %q: want MOVES SCORE", line)
	}
	want, err := strconv.Atoi(fields[1])
	if err != nil {
		t.Fatalf("line %q: %v", line, err)
	}
	p, _, err := board.ParseAs(fields[0], true)
	if err != nil {
		t.Fatalf("line %q: %v", line, err)
	}
	return p, want
}
