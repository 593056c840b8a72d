package agent

import (
	"context"
	"slices"
	"testing"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/reftest"
	"github.com/fourgen/fourgen/internal/solvertest"
)

// bestColumns lists the columns of the highest score in scores.
func bestColumns(scores [board.Width]board.Score) []int {
	best := slices.Max(scores[:])
	var cols []int
	for col, v := range scores {
		if v == best {
			cols = append(cols, col)
		}
	}
	return cols
}

// TestLookahead checks that the level agents' search finds a win at once,
// the block of the opponent's one threat, and a win the exact solver
// finds within its horizon, and that it marks full columns invalid.
func TestAgentLookahead(t *testing.T) {
	for _, tc := range []struct {
		name, moves string
		want        func(board.Position) []int
	}{
		{"win", "445566", winningColumns},
		{"win before block", "4151612", winningColumns},
		{"block", "43556", safeColumns},
		{"not below a threat", "5446615", safeColumns},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if board.Width < reftest.ClassicWidth-1 {
				classicOnly(t) // the fixtures use six columns
			}
			p := mustParse(t, tc.moves)
			scores, err := lookahead(context.Background(), p, lookaheadPlies)
			if err != nil {
				t.Fatal(err)
			}
			for _, col := range bestColumns(scores) {
				if !slices.Contains(tc.want(p), col) {
					t.Errorf("best columns %v (scores %v), want among %v", bestColumns(scores), scores, tc.want(p))
				}
			}
		})
	}

	// Positions whose exact best moves win within the horizon: the
	// lookahead's best moves must win too.
	s := solvertest.New(t, 4)
	checked := 0
	for _, p := range randomPositions(t, 9, 60, late(16), late(34)) {
		exact, err := s.Analyze(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		best := slices.Max(exact[:])
		if best <= 0 || best.WinnerStones(p.Moves()) > lookaheadPlies/2 {
			continue
		}
		checked++
		scores, err := lookahead(context.Background(), p, lookaheadPlies)
		if err != nil {
			t.Fatal(err)
		}
		for col, v := range scores {
			if v == board.Invalid && p.CanPlay(col) || v != board.Invalid && !p.CanPlay(col) {
				t.Errorf("column %d: lookahead score %v, playable %v", col+1, v, p.CanPlay(col))
			}
		}
		for _, col := range bestColumns(scores) {
			if exact[col] <= 0 {
				t.Errorf("lookahead plays %d (exact %v) in\n%v; exact %v, lookahead %v", col+1, exact[col], p, exact, scores)
			}
		}
	}
	if checked < 5 {
		t.Errorf("only %d positions with a win within the horizon", checked)
	}
}

// TestLevels checks that higher levels play the exact best move more
// often, and level 5 nearly always.
func TestAgentLevels(t *testing.T) {
	notTiny(t)
	s := solvertest.New(t, 4)
	ps := randomPositions(t, 10, 60, late(18), late(36)) // exact analyses are fast from 18 stones (on 7×6)
	var exact [][board.Width]board.Score
	for _, p := range ps {
		scores, err := s.Analyze(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		exact = append(exact, scores)
	}
	var hits [levels + 1]int
	for level := 1; level <= levels; level++ {
		a := newLevel(level, Options{Seed: 3, TableMiB: 4})
		for i, p := range ps {
			col, err := a.Move(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			if exact[i][col] == slices.Max(exact[i][:]) {
				hits[level]++
			}
		}
	}
	t.Logf("best moves of %d, by level: %v", len(ps), hits[1:])
	if hits[1] >= hits[levels] || hits[levels] < len(ps)*9/10 {
		t.Errorf("best moves of %d, by level: %v; want level %d ahead of level 1 and at least 90%%", len(ps), hits[1:], levels)
	}
}

// TestLevelExact checks when the level agents use the exact solver.
func TestAgentLevelExact(t *testing.T) {
	classicOnly(t)
	a := newLevel(3, Options{})
	for _, tc := range []struct {
		moves string
		want  bool
	}{
		{"", false},
		{"44444", false},
		{"4444443333", false},
		{"444444333322", true},
	} {
		if got := a.exact(mustParse(t, tc.moves)); got != tc.want {
			t.Errorf("exact(%q) = %v, want %v", tc.moves, got, tc.want)
		}
	}
}
