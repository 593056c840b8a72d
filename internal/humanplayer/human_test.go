package humanplayer

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine/agent"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/movetest"
)

// TestHumanMove checks what a person's lines make of one call to Move:
// the column chosen, an undo, a quit or the end of the input, and what is
// written on the way.
func TestHumanMove(t *testing.T) {
	full := strings.Repeat("1", board.Height)
	for _, tc := range []struct {
		name, start, input string
		col                int   // the column returned, when err is nil
		err                error // the error returned
		out                []string
	}{
		{"a column", "", "2\n", 1, nil, []string{"your move (1-"}},
		{"blank lines and spaces", "", "\n  3 \n", 2, nil, nil},
		{"not a move, then one", "", "x\n1\n", 0, nil, []string{`"x" is not a move`}},
		{"off the board", "", fmt.Sprintf("%d\n1\n", board.Width+1), 0, nil, []string{"is not a move"}},
		{"a full column", full, "1\n2\n", 1, nil, []string{"is full; try another."}},
		{"quit", "", "q\n", -1, errQuit, nil},
		{"quit in words", "", "QUIT\n", -1, errQuit, nil},
		{"end of input", "", "", -1, errEndOfInput, nil},
		{"nothing to undo", "12", "u\nq\n", -1, errQuit, []string{"Nothing to undo."}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			h := NewHuman(context.Background(), strings.NewReader(tc.input), &out, tc.start, HumanOptions{Player: 1, Opponent: "random"})
			defer h.Close()
			p, err := board.Parse(movetest.Fixture(tc.start))
			if err != nil {
				t.Fatal(err)
			}
			col, err := h.Move(context.Background(), p)
			if !errors.Is(err, tc.err) || err == nil && col != tc.col {
				t.Errorf("Move = %d, %v; want %d, %v", col, err, tc.col, tc.err)
			}
			for _, w := range append(tc.out, h.Board(p)) {
				if !strings.Contains(out.String(), w) {
					t.Errorf("output lacks %q:\n%s", w, out.String())
				}
			}
		})
	}
}

// TestHumanUndo checks that an undo after the start takes back two moves,
// also from the board's mark of the last move.
func TestHumanUndo(t *testing.T) {
	var out bytes.Buffer
	h := NewHuman(context.Background(), strings.NewReader("u\n"), &out, "", HumanOptions{Player: 1})
	defer h.Close()
	h.Played(0)
	h.Played(1)
	p, _ := board.Parse(movetest.Fixture("12"))
	if _, err := h.Move(context.Background(), p); !errors.Is(err, agent.ErrUndo) {
		t.Fatalf("Move = %v, want agent.ErrUndo", err)
	}
	if got, want := h.Board(board.Position{}), (board.Position{}).String(); got != want {
		t.Errorf("board after the undo\n%s\nwant\n%s", got, want)
	}
}

// TestHumanResult checks the words of the end of a game, for either
// player.
func TestHumanResult(t *testing.T) {
	won, err := board.Parse(movetest.Fixture("1122334")) // the first player made four
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		player int
		want   string
	}{{1, "You win! Your four is in capitals."}, {2, "level3 wins. Its four is in capitals."}} {
		h := NewHuman(context.Background(), strings.NewReader(""), &bytes.Buffer{}, "", HumanOptions{Player: tc.player, Opponent: "level3"})
		if got := h.Result(won); got != tc.want {
			t.Errorf("player %d: Result = %q, want %q", tc.player, got, tc.want)
		}
		h.Close()
	}
}

// FuzzHuman feeds any input to a person's Move: it returns a legal column
// or an error, never panics.
func FuzzHuman(f *testing.F) {
	for _, s := range []string{"", "1\n", "u\nq\n", "x\n\n4", "\x00", "99\n1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, input string) {
		h := NewHuman(context.Background(), strings.NewReader(input), &bytes.Buffer{}, "", HumanOptions{Player: 1})
		defer h.Close()
		h.Played(3)
		h.Played(3)
		p, _ := board.Parse(movetest.Fixture("44"))
		col, err := h.Move(context.Background(), p)
		if err == nil && !p.CanPlay(col) {
			t.Errorf("Move(%q) = column %d, not legal", input, col)
		}
	})
}
