package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/textboard"
)

// TestShow checks that show prints the description of package textboard
// (tested there against the slow geometry) of the position played.
func TestShow(t *testing.T) {
	for _, moves := range []string{"", fixture("1213"), fixture(strings.Repeat("1", board.Height)), fixture("1122334"), fixture("112233")} {
		t.Run(fmt.Sprintf("%q", moves), func(t *testing.T) {
			g, err := board.ParseGame(moves)
			if err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			if err := runShow(context.Background(), []string{moves}, nil, &stdout, &stderr); err != nil {
				t.Fatalf("runShow: %v", err)
			}
			if stderr.Len() > 0 {
				t.Errorf("stderr = %q, want nothing", stderr.String())
			}
			if want := textboard.Describe(g, moves, false); stdout.String() != want {
				t.Errorf("output\n%s\nwant\n%s", stdout.String(), want)
			}
		})
	}
}

// TestShowRefuses checks that show refuses bad move strings with the
// engine's own error and prints nothing.
func TestShowRefuses(t *testing.T) {
	for _, moves := range []string{
		"48a",                               // 8 is off the board
		strings.Repeat("4", board.Height+2), // column 4 is full after board.Height
		"4455667" + "1",                     // the game is already won
		"4 4",                               // a space is not a column
		"0",                                 // columns count from 1
		strings.Repeat("1234567", 6) + "1",  // longer than the board
		"\xff",                              // not UTF-8
		"4٤",                                // a non-ASCII digit
	} {
		t.Run(fmt.Sprintf("%q", moves), func(t *testing.T) {
			_, want := board.Parse(moves)
			if want == nil {
				t.Fatalf("board.Parse(%q) accepted it; pick a bad fixture", moves)
			}
			var stdout, stderr bytes.Buffer
			err := runShow(context.Background(), []string{moves}, nil, &stdout, &stderr)
			if err == nil {
				t.Fatalf("runShow accepted %q:\n%s", moves, stdout.String())
			}
			if _, ok := errors.AsType[*board.MoveError](err); !ok {
				t.Errorf("error %v does not wrap an *board.MoveError", err)
			}
			if !strings.Contains(err.Error(), want.Error()) {
				t.Errorf("error = %q, want it to contain the engine's %q", err, want)
			}
			if stdout.Len() > 0 {
				t.Errorf("stdout = %q, want nothing", stdout.String())
			}
			if code := report(err, &stderr); code != 1 {
				t.Errorf("exit status = %d, want 1", code)
			}
		})
	}
}

// TestShowFinished checks what show prints of finished games: how each
// ended, the winning four in capitals on the board, and no side to move,
// legal moves or threats; every line under 80 columns.
func TestShowFinished(t *testing.T) {
	for _, tc := range []struct {
		moves string
		want  []string // in the output
		board string   // the bottom row, with the four in capitals
	}{
		{"4455667", []string{"status:   won by player 1 (x)\n", "four:     c4r1 c5r1 c6r1 c7r1 (in capitals)\n", "last:     x in column 7 (c7r1)\n"}, " . . . X X X X"},
		{"1212121", []string{"status:   won by player 1 (x)\n", "four:     c1r1 c1r2 c1r3 c1r4 (in capitals)\n"}, " X o . . . . ."},
		{"232135624322345773366674162744547675111155", []string{"status:   drawn, the board is full\n", "last:     o in column 5 (c5r6), in capitals\n"}, " o x o x o x o"},
	} {
		t.Run(tc.moves, func(t *testing.T) {
			if board.Width != 7 || board.Height != 6 {
				t.Skip("classic-board fixtures")
			}
			code, out, stderr := runC4(context.Background(), "show", tc.moves)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
			for _, never := range []string{"to move", "legal", "wins:", "threat"} {
				if strings.Contains(out, never) {
					t.Errorf("a finished game's output says %q:\n%s", never, out)
				}
			}
			if !strings.Contains(out, tc.board+"\n 1 2 3") {
				t.Errorf("board lacks the bottom row %q:\n%s", tc.board, out)
			}
			checkWidths(t, out)
		})
	}
}

// checkWidths fails t for every line of out of 80 columns or more.
func checkWidths(t *testing.T, out string) {
	t.Helper()
	for i, line := range strings.Split(out, "\n") {
		if n := len([]rune(line)); n >= 80 {
			t.Errorf("line %d has %d columns: %q", i+1, n, line)
		}
	}
}

// TestShowFlagsAfterMoves checks that flags may follow the moves, as for
// c4 solve: -h after the moves is help, an unknown flag after them is a
// usage error naming it, not a second move string.
func TestShowFlagsAfterMoves(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{[]string{"show", fixture("4453"), "-h"}, 0, "usage: c4 show", ""},
		{[]string{"show", fixture("4453"), "--colour"}, 2, "", "unknown flag: --colour"},
		{[]string{"show", fixture("4453"), "--", "-h"}, 2, "", "want at most one move string, got 2 arguments"},
		{[]string{"show", "--", fixture("4453")}, 0, "moves:    " + fixture("4453") + ", 4 played", ""},
	} {
		code, stdout, stderr := runC4(context.Background(), tc.args...)
		if code != tc.code || !strings.Contains(stdout, tc.stdout) || !strings.Contains(stderr, tc.stderr) {
			t.Errorf("c4 %s: exit %d, stdout %q, stderr %q; want %d, %q and %q", strings.Join(tc.args, " "), code, stdout, stderr, tc.code, tc.stdout, tc.stderr)
		}
	}
}

// TestShowUsage checks show's own usage errors.
func TestShowUsage(t *testing.T) {
	for _, args := range [][]string{
		{"44", "55"},
		{"-json", "44"},
		{"44", "-json"},
	} {
		var stdout, stderr bytes.Buffer
		err := runShow(context.Background(), args, nil, &stdout, &stderr)
		if _, ok := errors.AsType[*usageError](err); !ok {
			t.Errorf("show %q: error = %v, want a usage error", args, err)
		}
	}
}
