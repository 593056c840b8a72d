package browsertest

import (
	"strconv"

	"github.com/fourgen/fourgen/engine/board"
)

// ScoreTexts writes an analysis's scores as both pages show them above the
// columns: "full", "+n", "−n" (a minus sign, U+2212) or "0".
func ScoreTexts(scores [board.Width]board.Score) []string {
	texts := make([]string, len(scores))
	for i, v := range scores {
		switch {
		case v == board.Invalid:
			texts[i] = "full"
		case v > 0:
			texts[i] = "+" + strconv.Itoa(int(v))
		case v < 0:
			texts[i] = "\u2212" + strconv.Itoa(int(-v))
		default:
			texts[i] = "0"
		}
	}
	return texts
}
