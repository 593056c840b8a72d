package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/textboard"
)

// TestShow checks that show prints the description of package textboard
// (tested there against the slow geometry) of the position played.
func TestShow(t *testing.T) {
	for _, moves := range []string{"", "1213", strings.Repeat("1", engine.Height), "1122334", "112233"} {
		t.Run(fmt.Sprintf("%q", moves), func(t *testing.T) {
			p, err := engine.Parse(moves)
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
			if want := textboard.Describe(p, moves); stdout.String() != want {
				t.Errorf("output\n%s\nwant\n%s", stdout.String(), want)
			}
		})
	}
}

// TestShowRefuses checks that show refuses bad move strings with the
// engine's own error and prints nothing.
func TestShowRefuses(t *testing.T) {
	for _, moves := range []string{
		"48a",                              // 8 is off the board
		"44444444",                         // column 4 is full after six
		"4455667" + "1",                    // the game is already won
		"4 4",                              // a space is not a column
		"0",                                // columns count from 1
		strings.Repeat("1234567", 6) + "1", // longer than the board
		"\xff",                             // not UTF-8
		"4٤",                               // a non-ASCII digit
	} {
		t.Run(fmt.Sprintf("%q", moves), func(t *testing.T) {
			_, want := engine.Parse(moves)
			if want == nil {
				t.Fatalf("engine.Parse(%q) accepted it; pick a bad fixture", moves)
			}
			var stdout, stderr bytes.Buffer
			err := runShow(context.Background(), []string{moves}, nil, &stdout, &stderr)
			if err == nil {
				t.Fatalf("runShow accepted %q:\n%s", moves, stdout.String())
			}
			if _, ok := errors.AsType[*engine.MoveError](err); !ok {
				t.Errorf("error %v does not wrap an *engine.MoveError", err)
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

// TestShowUsage checks show's own usage errors.
func TestShowUsage(t *testing.T) {
	for _, args := range [][]string{
		{"44", "55"},
		{"-json", "44"},
	} {
		var stdout, stderr bytes.Buffer
		err := runShow(context.Background(), args, nil, &stdout, &stderr)
		if _, ok := errors.AsType[*usageError](err); !ok {
			t.Errorf("show %q: error = %v, want a usage error", args, err)
		}
	}
}
