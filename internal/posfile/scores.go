package posfile

import (
	"strconv"
	"strings"

	"github.com/fourgen/fourgen/engine/board"
)

// FormatScores writes scores as the established solvers print them after
// the moves: plain integers separated by spaces, -1000 ([board.Invalid])
// for a full column.
func FormatScores(scores []board.Score) string {
	var b strings.Builder
	for i, v := range scores {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(int(v)))
	}
	return b.String()
}
