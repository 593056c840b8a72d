package agent

import (
	"context"
	"slices"
	"testing"

	"github.com/fourgen/fourgen/engine/board"
)

// winningColumns lists the columns where the side to move makes four.
func winningColumns(p board.Position) []int {
	var cols []int
	for _, col := range legalColumns(p) {
		if p.IsWinningMove(col) {
			cols = append(cols, col)
		}
	}
	return cols
}

// TestGreedy checks that greedy takes a win, blocks a threat and avoids
// playing below an opponent's winning cell, with the expected columns
// found by the engine.
func TestAgentGreedy(t *testing.T) {
	classicOnly(t)
	for _, tc := range []struct {
		name, moves string
		want        func(board.Position) []int
	}{
		// x has 4, 5, 6 on the bottom row: 3 and 7 win.
		{"win", "445566", winningColumns},
		// x threatens 7 on the bottom row; o must block there.
		{"block", "43556", safeColumns},
		// o to move wins in column 1 and must prefer that to blocking x's
		// 4, 5, 6 on the bottom row.
		{"win before block", "4151612", winningColumns},
		// x has 4, 5, 6 on row 2, with columns 3 and 7 empty: o must not
		// play 3 or 7, which would let x make four on top.
		{"not below a threat", "5446615", safeColumns},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := mustParse(t, tc.moves)
			want := tc.want(p)
			if len(want) == 0 || len(want) == len(legalColumns(p)) {
				t.Fatalf("fixture %q: expected columns %v do not test anything", tc.moves, want)
			}
			for seed := range uint64(20) {
				a := mustNew(t, "greedy", Options{Seed: seed})
				col, err := a.Move(context.Background(), p)
				if err != nil {
					t.Fatal(err)
				}
				if !slices.Contains(want, col) {
					t.Fatalf("seed %d: greedy plays %d in\n%v, want one of %v (1-based: +1)", seed, col+1, p, want)
				}
			}
		})
	}
}
