package progress

import (
	"bytes"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/engine/openingbook"
	"github.com/fourgen/fourgen/internal/solvertest"
)

// position plays the 0-based columns cols, failing t on an illegal one.
func position(t *testing.T, cols ...int) board.Position {
	t.Helper()
	var p board.Position
	for _, c := range cols {
		if err := p.PlayChecked(c); err != nil {
			t.Fatal(err)
		}
	}
	return p
}

// late is a position of slowStones stones without a four: columns
// filled left to right, two stones at a time, alternating colours.
func late(t *testing.T) board.Position {
	var p board.Position
	for col := 0; p.Moves() < slowStones; {
		if !p.CanPlay(col) || p.IsWinningMove(col) {
			col = (col + 1) % board.Width
			continue
		}
		p.Play(col)
	}
	if p.IsWon() {
		t.Fatal("the late position is won")
	}
	return p
}

// TestSlowNotice checks that a solve of an early position without a book
// is announced once, before it starts, with what to do sooner (--weak
// unless given, the bounds on the progress line, Ctrl-C), and that
// nothing is said when not asked (no Announcing), with a book, for a
// position of slowStones stones or more, or for one already won.
func TestSlowNotice(t *testing.T) {
	noBook := solvertest.New(t, 1)
	won := position(t, 0, 1, 0, 1, 0, 1, 0)
	for _, tc := range []struct {
		name      string
		cmd       string
		weak      bool
		positions []board.Position
		want      bool
	}{
		{"empty board", "analyze", false, []board.Position{{}}, true},
		{"twice", "analyze", false, []board.Position{{}, position(t, 3)}, true},
		{"weak", "solve", true, []board.Position{position(t, 3, 3)}, true},
		{"not asked", "", false, []board.Position{{}}, false},
		{"late", "analyze", false, []board.Position{late(t)}, false},
		{"won", "analyze", false, []board.Position{won}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			sp := (&Solve{w: &buf, solver: noBook}).Announcing(tc.cmd, tc.weak)
			if tc.cmd == "" {
				sp = &Solve{w: &buf, solver: noBook}
			}
			for _, p := range tc.positions {
				sp.Start(board.MoveString(nil), p)
			}
			out := buf.String()
			said := strings.Count(out, "may take from minutes to days")
			if tc.want && said != 1 || !tc.want && said != 0 {
				t.Fatalf("%q: the notice said %d times, want it %v once", out, said, tc.want)
			}
			if !tc.want {
				return
			}
			for _, part := range []string{"c4: " + tc.cmd + ": no opening book for the", "bounds narrowing", "the time so far", "Ctrl-C stops"} {
				if !strings.Contains(out, part) {
					t.Errorf("%q lacks %q", out, part)
				}
			}
			if advised := strings.Contains(out, "--weak answers"); advised == tc.weak {
				t.Errorf("%q: --weak advised %v, want it advised when not given", out, advised)
			}
		})
	}
	if !openingbook.Applies() {
		return
	}
	b, err := openingbook.Book()
	if err != nil {
		t.Fatal(err)
	}
	withBook := solvertest.New(t, 1)
	withBook.SetBook(b)
	var buf bytes.Buffer
	(&Solve{w: &buf, solver: withBook}).Announcing("analyze", false).Start("", board.Position{})
	if buf.Len() != 0 {
		t.Errorf("with the embedded book: %q, want nothing", buf.String())
	}
}
