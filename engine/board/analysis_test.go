package board

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/fourgen/fourgen/internal/geom"
	"github.com/fourgen/fourgen/internal/longtest"
)

// TestPositionCells checks Cell, Stone, Winner and Fours on every position
// of random games against the plain model and internal/geom: who holds each
// cell, who has four, and the cells of every line of four.
func TestPositionCells(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	games := longtest.Pick(50, 100, 300)
	for range games {
		playRandomGame(rng, func(moves string, p Position, m *geom.Model) {
			for col := range Width {
				for row := range Height {
					if got, want := Cell(col, row), cellSet(col, row); got != want {
						t.Fatalf("Cell(%d, %d) = %s, want %s", col, row, got.Hex(), want.Hex())
					}
					if got := p.Stone(col, row); got != m.Owner[col][row] {
						t.Fatalf("%q: Stone(%d, %d) = %d, want %d", moves, col, row, got, m.Owner[col][row])
					}
				}
			}
			wantWinner := 0
			if m.Won() {
				wantWinner = 3 - m.ToMove()
			}
			if got := p.Winner(); got != wantWinner {
				t.Fatalf("%q: Winner() = %d, want %d", moves, got, wantWinner)
			}
			var fours geom.Set
			if wantWinner != 0 {
				stones := m.StonesSet(wantWinner)
				for _, l := range refGeom.Lines() {
					if lm := refGeom.LineSet(l); stones.And(lm) == lm {
						fours = fours.Or(lm)
					}
				}
			}
			if got := p.Fours(); got != fromSet(fours) {
				t.Fatalf("%q: Fours() = %s, want %s", moves, got.Hex(), fromSet(fours).Hex())
			}
		})
	}
}

// TestBestColumns checks the best score and columns of an analysis.
func TestBestColumns(t *testing.T) {
	all := func(v Score) [Width]Score {
		var s [Width]Score
		for i := range s {
			s[i] = v
		}
		return s
	}
	with := func(s [Width]Score, col int, v Score) [Width]Score {
		s[col] = v
		return s
	}
	everyCol := make([]int, Width)
	for i := range everyCol {
		everyCol[i] = i
	}
	for _, tc := range []struct {
		name   string
		scores [Width]Score
		best   Score
		cols   []int
	}{
		{"all full", all(Invalid), Invalid, nil},
		{"all draws", all(0), 0, everyCol},
		{"one win", with(all(-2), Width-1, 3), 3, []int{Width - 1}},
		{"win among full", with(with(all(Invalid), 0, 1), Width-1, 1), 1, []int{0, Width - 1}},
		{"all losses", with(all(-5), 1, -1), -1, []int{1}},
	} {
		best, cols := BestColumns(tc.scores)
		if best != tc.best || !slices.Equal(cols, tc.cols) {
			t.Errorf("%s: BestColumns(%v) = %v, %v; want %v, %v", tc.name, tc.scores, best, cols, tc.best, tc.cols)
		}
	}
}

// TestScoreWinner checks who wins with perfect play for each sign of a
// score and each side to move.
func TestScoreWinner(t *testing.T) {
	for _, tc := range []struct {
		s              Score
		toMove, winner int
	}{
		{1, 1, 1}, {1, 2, 2}, {-3, 1, 2}, {-3, 2, 1}, {0, 1, 0}, {0, 2, 0},
	} {
		if got := tc.s.Winner(tc.toMove); got != tc.winner {
			t.Errorf("Score(%d).Winner(%d) = %d, want %d", tc.s, tc.toMove, got, tc.winner)
		}
	}
}
