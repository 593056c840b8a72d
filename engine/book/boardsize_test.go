package book

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/solvertest"
)

// lostRoot is a root whose book is cheap to build on any board: the first
// player holds three in the bottom row from column 2, open at both ends,
// and the second player, to move, has stacked two stones in the last
// column, so it loses whatever it plays and the solver says so at once.
func lostRoot() string {
	last := board.Width - 1
	return board.MoveString([]int{1, last, 2, last, 3})
}

// TestBookOfThisBoard builds a tiny book at this board's size, merges it,
// writes and reads it back with its scores the solver's, and checks that
// the same book said to be of another size is refused, naming both sizes.
// It runs at every size, two-word boards included (10×6: plies up to
// board.MaxBookPlies, 10 there).
func TestBookOfThisBoard(t *testing.T) {
	root := lostRoot()
	r := mustParse(t, root)
	opts := BuildOptions{Root: root, Plies: r.Moves(), Kind: engine.BookExact, Shard: whole}
	shardFile := buildShard(t, opts)
	if header := string(shardFile[:strings.IndexByte(string(shardFile), '\n')]); !strings.Contains(header, fmt.Sprintf("width=%d height=%d", board.Width, board.Height)) {
		t.Errorf("shard header %q does not name the %d×%d board", header, board.Width, board.Height)
	}
	b, err := mergeFiles(t, shardFile)
	if err != nil {
		t.Fatal(err)
	}
	data := marshal(t, b)
	got, err := Parse(data)
	if err != nil {
		t.Fatalf("Parse of a book of this board: %v", err)
	}
	want, err := solvertest.New(t, 1).Solve(t.Context(), r)
	if err != nil {
		t.Fatal(err)
	}
	if score, ok := got.Lookup(r); got.Len() != 1 || got.Plies() != r.Moves() || !ok || score != want {
		t.Errorf("book of %s read back: %d positions of %d stones, %s: %v, %v; want 1 of %d, the solver's %v",
			root, got.Len(), got.Plies(), root, score, ok, r.Moves(), want)
	}
	for _, other := range []struct{ w, h int }{{board.Width + 1, board.Height}, {board.Width, board.Height + 1}} {
		edited := slices.Clone(data)
		edited[8], edited[9] = byte(other.w), byte(other.h) // the header's width and height
		wantErr := fmt.Sprintf("a book of the %d×%d board, this engine plays %d×%d", other.w, other.h, board.Width, board.Height)
		if _, err := Parse(edited); err == nil || !strings.Contains(err.Error(), wantErr) {
			t.Errorf("a book of the %d×%d board: %v, want %q", other.w, other.h, err, wantErr)
		}
	}
}

// TestPositionsRootTooDeep checks that a root deeper than a book can hold
// is refused by a message saying so, not by a range of plies that runs
// backwards ("want 41 to 10 plies" on 10×6).
func TestPositionsRootTooDeep(t *testing.T) {
	var p board.Position
	for p.Moves() <= board.MaxBookPlies {
		col := p.Moves() % board.Width // a row at a time: no four of one player
		if p.Moves()/board.Width%2 == 1 {
			col = board.Width - 1 - col
		}
		p.Play(col)
	}
	want := fmt.Sprintf("holds positions of at most %d stones", board.MaxBookPlies)
	if _, err := Positions(p, p.Moves()); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Positions(%d stones, %d) = %v, want %q", p.Moves(), p.Moves(), err, want)
	}
}
