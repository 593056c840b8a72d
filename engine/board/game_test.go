package board

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/fourgen/fourgen/internal/geom"
)

func TestParseGameRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	for range 200 {
		playRandomGame(rng, func(moves string, p Position, _ *geom.Model) {
			g, err := ParseGame(moves)
			if err != nil {
				t.Fatalf("ParseGame(%q): %v", moves, err)
			}
			if g.String() != moves || g.Position() != p {
				t.Fatalf("ParseGame(%q): String %q, Position\n%v", moves, g.String(), g.Position())
			}
			if cols := g.Columns(); !slices.Equal(cols, columnsOf(t, moves)) {
				t.Fatalf("ParseGame(%q): Columns %v", moves, cols)
			}
		})
	}
}

func TestParseGameErrors(t *testing.T) {
	skipUnlessFourInARow(t)
	full := MoveString(slices.Repeat([]int{0}, Height+1)) // a stone over a full column
	for _, moves := range []string{"0", full, MoveString([]int{0, 1, 0, 1, 0, 1, 0, 1}), "1a"} {
		g, err := ParseGame(moves)
		var me *MoveError
		if g != nil || !errors.As(err, &me) {
			t.Errorf("ParseGame(%q) = %v, %v; want nil and a *MoveError", moves, g, err)
		}
	}
}

func TestGameUndo(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 11))
	for range 50 {
		var moves string
		playRandomGame(rng, func(m string, _ Position, _ *geom.Model) { moves = m })
		g, err := ParseGame(moves)
		if err != nil {
			t.Fatal(err)
		}
		cols := columnsOf(t, moves)
		for n := len(cols); n > 0; n-- {
			if !g.Undo() {
				t.Fatalf("%q: Undo at %d moves = false", moves, n)
			}
			want, err := Parse(MoveString(cols[:n-1]))
			if err != nil {
				t.Fatal(err)
			}
			if g.Position() != want || g.String() != MoveString(cols[:n-1]) {
				t.Fatalf("%q: after Undo to %d moves: %q\n%v", moves, n-1, g.String(), g.Position())
			}
		}
		if g.Undo() || g.Position() != (Position{}) || g.String() != "" {
			t.Fatalf("Undo on an empty game: %q %v", g.String(), g.Position())
		}
	}
}

func TestGamePlay(t *testing.T) {
	var g Game // the zero value is a new game
	// Columns every board has.
	for _, col := range []int{3, 3, 1, 2} {
		if err := g.Play(col); err != nil {
			t.Fatalf("Play(%d): %v", col, err)
		}
	}
	want, _ := Parse(moves1(4, 4, 2, 3))
	if g.String() != moves1(4, 4, 2, 3) || g.Position() != want {
		t.Fatalf("after 4, 4, 2, 3: %q\n%v", g.String(), g.Position())
	}
	// A refused move changes nothing.
	for _, col := range []int{-1, Width} {
		if err := g.Play(col); err == nil {
			t.Errorf("Play(%d) succeeded", col)
		}
	}
	column4 := MoveString(slices.Repeat([]int{3}, Height)) // column 4 full
	full, err := ParseGame(column4)
	if err != nil {
		t.Fatal(err)
	}
	if err := full.Play(3); err == nil || full.String() != column4 {
		t.Errorf("Play into a full column: %v, game %q", err, full.String())
	}
	if g.String() != moves1(4, 4, 2, 3) || g.Position() != want {
		t.Errorf("refused moves changed the game to %q", g.String())
	}
	// Columns is a copy.
	cols := g.Columns()
	cols[0] = 6
	if got := g.Columns(); !slices.Equal(got, []int{3, 3, 1, 2}) {
		t.Errorf("changing the result of Columns changed the game: %v", got)
	}
	// Undo then Play reaches the same game again.
	g.Undo()
	if err := g.Play(2); err != nil || g.String() != moves1(4, 4, 2, 3) || g.Position() != want {
		t.Errorf("Undo then Play(2): %v, %q", err, g.String())
	}
}
