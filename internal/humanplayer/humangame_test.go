package humanplayer

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/board"
)

// firstFree plays the leftmost column that is not full.
type firstFree struct{}

func (firstFree) Name() string { return "leftmost" }
func (firstFree) Move(_ context.Context, p board.Position) (int, error) {
	for col := range board.Width {
		if p.CanPlay(col) {
			return col, nil
		}
	}
	return 0, engine.ErrNoMove
}

// TestPlayAgainst plays scripted games against an agent that plays the
// leftmost column: who moves first, the agent's moves written, and how
// each game ends, with its move string.
func TestPlayAgainst(t *testing.T) {
	classicOnly(t) // its inputs are columns of the classic board
	for _, tc := range []struct {
		name, start, input string
		player             int
		want               []string // in the output, in order
	}{
		{"the person wins", "", "4\n4\n4\n4\n", 1, []string{"leftmost plays 1.", "You win!", "game: 4141414\n"}},
		{"the agent moves first and wins", "", "4\n4\n4\n", 2, []string{"leftmost plays 1.", "leftmost wins.", "game: 1414141\n"}},
		{"from an opening", "44", "7\n7\n7\n7\n", 1, []string{"You win!", "game: 447171717\n"}},
		{"quit", "", "q\n", 1, []string{"You quit.\ngame: \n"}},
		{"end of input", "", "4\n", 1, []string{"leftmost plays 1.", "End of input: game abandoned.\ngame: 41\n"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			h := NewHuman(context.Background(), strings.NewReader(tc.input), &out, tc.start, HumanOptions{Player: tc.player, Opponent: "leftmost"})
			defer h.Close()
			if err := h.PlayAgainst(context.Background(), firstFree{}); err != nil {
				t.Fatal(err)
			}
			rest := out.String()
			for _, w := range tc.want {
				_, after, ok := strings.Cut(rest, w)
				if !ok {
					t.Fatalf("output lacks %q after what came before:\n%s", w, out.String())
				}
				rest = after
			}
			if rest != "" {
				t.Errorf("output goes on after the game's moves: %q", rest)
			}
		})
	}
}

// TestPlayAgainstInterrupted checks that a game whose context is done
// says it was abandoned and returns the context's cause.
func TestPlayAgainstInterrupted(t *testing.T) {
	cause := errors.New("signal")
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(cause)
	var out bytes.Buffer
	h := NewHuman(ctx, strings.NewReader("4\n"), &out, "", HumanOptions{Player: 1})
	defer h.Close()
	if err := h.PlayAgainst(ctx, firstFree{}); !errors.Is(err, cause) {
		t.Errorf("PlayAgainst = %v, want the cause %v", err, cause)
	}
	if !strings.HasSuffix(out.String(), "Interrupted: game abandoned.\ngame: \n") {
		t.Errorf("output %q does not say the game was abandoned", out.String())
	}
}
