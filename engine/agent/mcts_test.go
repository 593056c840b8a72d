package agent

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/batch"
	"github.com/fourgen/fourgen/engine/board"
)

// needMCTS skips a test of the mcts:N agent on a board that batch, where
// its playouts run, does not play (a board of two words).
func needMCTS(t *testing.T) {
	t.Helper()
	if err := batch.Supported(); err != nil {
		t.Skipf("mcts:N plays out on batch, which does not play this board: %v", err)
	}
}

func TestMCTSSpecs(t *testing.T) {
	needMCTS(t)
	for _, tc := range []struct{ spec, name string }{
		{"mcts:1", "mcts:1"},
		{"MCTS:200", "mcts:200"},
		{" mcts:10000000 ", "mcts:10000000"},
	} {
		if got := mustNew(t, tc.spec, Options{}).Name(); got != tc.name {
			t.Errorf("New(%q).Name() = %q, want %q", tc.spec, got, tc.name)
		}
	}
	for _, spec := range []string{"mcts", "mcts:", "mcts:0", "mcts:-5", "mcts:01", "mcts:x", "mcts:10000001", "mcts:1e3"} {
		if _, err := New(spec, Options{}); err == nil || !strings.Contains(err.Error(), "mcts") {
			t.Errorf("New(%q) error = %v, want one that names mcts:N", spec, err)
		}
	}
}

// TestMCTSTactics checks that the agent makes four when it can, blocks the
// opponent's single threat and refuses a finished game, whatever its
// playout budget.
func TestMCTSTactics(t *testing.T) {
	needMCTS(t)
	classicOnly(t)
	tests := []struct {
		moves string
		want  int // column, 0-based; -1 for ErrGameOver
	}{
		{"112233", 3},  // make four in the bottom row
		{"11223", 3},   // block the bottom row
		{"121213", 0},  // make four in column 1
		{"1212137", 0}, // block column 1
		{"4455667", -1},
	}
	for _, tc := range tests {
		for _, n := range []int{1, 50, 64} {
			a := mustNew(t, "mcts:"+strconv.Itoa(n), Options{Seed: 3})
			col, err := a.Move(context.Background(), mustParse(t, tc.moves))
			switch {
			case tc.want < 0 && !errors.Is(err, engine.ErrGameOver):
				t.Errorf("mcts:%d on %q: error %v, want ErrGameOver", n, tc.moves, err)
			case tc.want >= 0 && (err != nil || col != tc.want):
				t.Errorf("mcts:%d on %q = %d, %v; want %d", n, tc.moves, col, err, tc.want)
			}
		}
	}
}

// TestMCTSLegalAndDeterministic checks that the agent plays a legal column
// on random positions and that the same seed gives the same moves.
func TestMCTSLegalAndDeterministic(t *testing.T) {
	needMCTS(t)
	for _, p := range randomPositions(t, 5, 20, 0, board.Cells-1) {
		a1 := mustNew(t, "mcts:100", Options{Seed: 9})
		a2 := mustNew(t, "mcts:100", Options{Seed: 9})
		c1, err1 := a1.Move(context.Background(), p)
		c2, err2 := a2.Move(context.Background(), p)
		if err1 != nil || err2 != nil || !p.CanPlay(c1) || c1 != c2 {
			t.Fatalf("position of %d stones: moves %d (%v) and %d (%v), want one legal column twice", p.Moves(), c1, err1, c2, err2)
		}
	}
}

// TestMCTSCancelled checks that a cancelled context stops the search.
func TestMCTSCancelled(t *testing.T) {
	needMCTS(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := mustNew(t, "mcts:1000", Options{}).Move(ctx, board.Position{}); !errors.Is(err, context.Canceled) {
		t.Errorf("error %v, want context.Canceled", err)
	}
}

// TestMCTSBeatsRandom plays mcts:200 against random from both sides: it
// must win nearly every game.
func TestMCTSBeatsRandom(t *testing.T) {
	needMCTS(t)
	notTiny(t)
	wins := 0
	const games = 6
	for g := range games {
		m := mustNew(t, "mcts:200", Options{Seed: uint64(g + 1)})
		r := mustNew(t, "random", Options{Seed: uint64(g + 100)})
		players := [2]Agent{m, r}
		if g%2 == 1 {
			players = [2]Agent{r, m}
		}
		var p board.Position
		for !p.IsWon() && !p.IsFull() {
			col, err := players[p.Moves()%2].Move(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			p.Play(col)
		}
		if p.IsWon() && players[(p.Moves()-1)%2] == m {
			wins++
		}
	}
	if wins < games-1 {
		t.Errorf("mcts:200 won %d of %d games against random", wins, games)
	}
}
