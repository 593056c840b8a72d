package browsertest

import (
	"slices"
	"testing"

	"github.com/fourgen/fourgen/engine/board"
)

// TestScoreTexts checks each kind of score's text.
func TestScoreTexts(t *testing.T) {
	var scores [board.Width]board.Score
	scores[0], scores[1], scores[2] = board.Invalid, 5, -3
	got := ScoreTexts(scores)
	want := []string{"full", "+5", "\u22123"}
	for range board.Width - 3 {
		want = append(want, "0")
	}
	if !slices.Equal(got, want) {
		t.Errorf("ScoreTexts = %q, want %q", got, want)
	}
}
