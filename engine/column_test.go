package engine

import (
	"github.com/fourgen/fourgen/engine/board"

	"errors"
	"testing"
)

// TestAnalyzeColumn checks AnalyzeColumn column by column against the
// reference analyses, and against Analyze of the same solver.
func TestAnalyzeColumn(t *testing.T) {
	classicOnly(t) // the reference data is of the 7×6 board
	s := mustSolver(t, 16)
	for _, set := range []refSet{{"positions/analyze_n12.txt", 6, 6, 2}, {"positions/analyze_n16.txt", 20, 20, 5}} {
		for _, c := range sampleRef(t, set.file, set.size()) {
			p := mustParse(t, c.moves)
			all, err := s.Analyze(t.Context(), p)
			if err != nil {
				t.Fatal(err)
			}
			for col, want := range c.scores {
				got, err := s.AnalyzeColumn(t.Context(), p, col)
				if err != nil || int(got) != want || got != all[col] {
					t.Errorf("AnalyzeColumn(%q, %d) = %v, %v; want %d (Analyze: %v)", c.moves, col, got, err, want, all[col])
				}
			}
		}
	}
}

// TestAnalyzeColumnEdges checks the columns Analyze answers without
// searching, and the refusals.
func TestAnalyzeColumnEdges(t *testing.T) {
	skipUnlessFourInARow(t)
	s := mustSolver(t, 1)
	// Three stones in column 0 for the first player: playing it again wins at once.
	var p board.Position
	for range 3 {
		p.Play(0)
		p.Play(1)
	}
	// (Not Analyze for the expected score: its column 2 blocks the second
	// player's three and leads to a real search, hours long on 8×7.)
	if got, err := s.AnalyzeColumn(t.Context(), p, 0); err != nil || got != board.Score(board.WinScore(p.Moves())) || got <= 0 {
		t.Errorf("the winning column: AnalyzeColumn = %v, %v; want %d, a win with this stone", got, err, board.WinScore(p.Moves()))
	}
	var full board.Position
	for range board.Height {
		full.Play(board.Width - 1)
	}
	if got, err := s.AnalyzeColumn(t.Context(), full, board.Width-1); err != nil || got != board.Invalid {
		t.Errorf("a full column: AnalyzeColumn = %v, %v; want Invalid", got, err)
	}
	for _, col := range []int{-1, board.Width} {
		if _, err := s.AnalyzeColumn(t.Context(), board.Position{}, col); err == nil {
			t.Errorf("AnalyzeColumn of column %d: no error", col)
		}
	}
	p.Play(0) // four in column 0
	if _, err := s.AnalyzeColumn(t.Context(), p, 2); !errors.Is(err, ErrGameOver) {
		t.Errorf("AnalyzeColumn of a won game: err = %v, want ErrGameOver", err)
	}
}
