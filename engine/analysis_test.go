package engine

import (
	"testing"

	"github.com/fourgen/fourgen/engine/board"
)

// TestBestMoveWinsAtOnce checks that BestMove plays a move that makes four
// without searching, choosing among several by the tie-break.
func TestBestMoveWinsAtOnce(t *testing.T) {
	skipUnlessFourInARow(t)
	s := mustSolver(t, 1)
	for _, tt := range []struct {
		moves string
		tie   TieBreak
		want  int
	}{
		{"112233", CentreFirst, 3},
		{"223344", Leftmost, 0},
		{"223344", CentreFirst, nearerCentre(0, 4)},
	} {
		p := mustParse(t, tt.moves)
		col, score, err := s.BestMove(t.Context(), p, tt.tie)
		if err != nil || col != tt.want || score != board.Score(board.WinScore(p.Moves())) {
			t.Errorf("BestMove(%q) = %d, %v, %v; want %d, %d", tt.moves, col, score, err, tt.want, board.WinScore(p.Moves()))
		}
		if n := s.Stats().Nodes; n != 0 {
			t.Errorf("BestMove(%q) searched %d nodes for a win in one move", tt.moves, n)
		}
	}
}

// nearerCentre is whichever of columns a and b the centre order lists first.
func nearerCentre(a, b int) int {
	for _, col := range board.CentreOrder() {
		if col == a || col == b {
			return col
		}
	}
	return -1
}
