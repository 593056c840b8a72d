package engine

import (
	"testing"

	"github.com/fourgen/fourgen/engine/board"
)

// skipUnlessFourInARow skips a test whose fixtures are positions of
// Connect-4 (a four that ends the game) on a build of another rule
// (make c4 K=5), where they are not won; the rule-independent tests,
// which compare the kernel and the per-cell tests with internal/geom's
// reference at this build's InARow, still run.
func skipUnlessFourInARow(t *testing.T) {
	t.Helper()
	if board.InARow != 4 {
		t.Skipf("the fixtures are wins of four in a row; this build plays %d in a row", board.InARow)
	}
}
