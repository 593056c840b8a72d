package agent

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/movetest"
	"github.com/fourgen/fourgen/internal/reftest"
	"github.com/fourgen/fourgen/internal/solvertest"
)

// drawnGame is a full board with no four in a row, found by random play.
const drawnGame = "126615525717246671625435544411643733237327"

// randomPositions returns n positions of random play that are not won,
// with between lo and hi stones (at most board.Cells-1), chosen by seed.
func randomPositions(t testing.TB, seed uint64, n, lo, hi int) []board.Position {
	t.Helper()
	hi = min(hi, board.Cells-1) // on a small board, the stones it has
	lo = min(lo, hi)
	rng := rand.New(rand.NewPCG(seed, 1))
	var ps []board.Position
	for len(ps) < n {
		var p board.Position
		stones := lo + rng.IntN(hi-lo+1)
		for p.Moves() < stones {
			var quiet []int // moves that do not end the game
			for _, col := range legalColumns(p) {
				if !p.IsWinningMove(col) {
					quiet = append(quiet, col)
				}
			}
			if len(quiet) == 0 {
				break
			}
			p.Play(pick(rng, quiet))
		}
		if p.Moves() == stones && !p.IsFull() {
			ps = append(ps, p)
		}
	}
	return ps
}

// classicOnly skips a test whose fixtures are positions of the classic
// board when the engine plays another.
func classicOnly(t testing.TB) {
	t.Helper()
	if board.Width != reftest.ClassicWidth || board.Height != reftest.ClassicHeight {
		t.Skipf("the fixtures are of the %d×%d board, this engine plays %d×%d",
			reftest.ClassicWidth, reftest.ClassicHeight, board.Width, board.Height)
	}
}

// notTiny skips a test of strength on a board of fewer than 30 cells,
// whose games are too short for the stronger agent to show: from the
// stones where the test's positions start, most moves are as good.
func notTiny(t testing.TB) {
	t.Helper()
	if board.Cells < 30 {
		t.Skipf("a board of %d cells is too small to tell the agents' strength apart", board.Cells)
	}
}

// late returns the stones of a position as deep into the game as one of
// stones on the 7×6 board: as many cells left empty on a bigger board, so
// that its exact analyses stay as fast, and stones itself on a smaller one.
func late(stones int) int {
	return max(stones, board.Cells-(reftest.ClassicWidth*reftest.ClassicHeight-stones))
}

// mustParse plays a move string of a test fixture.
func mustParse(t testing.TB, moves string) board.Position {
	t.Helper()
	p, err := board.Parse(movetest.Fixture(moves))
	if err != nil {
		t.Fatalf("fixture %q: %v", moves, err)
	}
	return p
}

// mustNew makes the agent of spec.
func mustNew(t testing.TB, spec string, opts Options) Agent {
	t.Helper()
	a, err := New(spec, opts)
	if err != nil {
		t.Fatalf("New(%q): %v", spec, err)
	}
	return a
}

// quickPositions returns about n positions of random play on which every
// agent but the perfect one answers quickly: before ExactFrom stones, and
// from 18 stones on (on 7×6; see late), where exact analyses are fast.
// (Analyses of 12 to 17 stones take up to a second each.)
func quickPositions(t testing.TB, seed uint64, n int) []board.Position {
	return append(randomPositions(t, seed, n/2, 0, ExactFrom-1), randomPositions(t, seed+100, n/2, late(18), board.Cells-1)...)
}

// fastSpecs are the agents that answer early positions quickly.
var fastSpecs = []string{"random", "greedy", "level1", "level2", "level3", "level4", "level5"}

func TestAgentNew(t *testing.T) {
	for _, tc := range []struct{ spec, name string }{
		{"perfect", "perfect"},
		{"random", "random"},
		{"greedy", "greedy"},
		{"level1", "level1"},
		{"level5", "level5"},
		{"level:3", "level3"},
		{" Level2 ", "level2"},
	} {
		a, err := New(tc.spec, Options{})
		if err != nil {
			t.Errorf("New(%q): %v", tc.spec, err)
			continue
		}
		if a.Name() != tc.name {
			t.Errorf("New(%q).Name() = %q, want %q", tc.spec, a.Name(), tc.name)
		}
	}
	for _, spec := range []string{"", "level0", "level6", "level:", "level03", "level+1", "best", "perfect2"} {
		_, err := New(spec, Options{})
		if err == nil {
			t.Errorf("New(%q) succeeded, want an error", spec)
			continue
		}
		for _, want := range Specs() {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("New(%q) error %q does not list %q", spec, err, want)
			}
		}
	}
	for _, spec := range Specs() {
		if a := mustNew(t, spec, Options{}); a.Name() != spec {
			t.Errorf("New(%q).Name() = %q", spec, a.Name())
		}
	}
}

// TestLegal checks that every agent plays only legal columns over many
// random positions (the perfect agent on positions it solves quickly).
func TestAgentLegal(t *testing.T) {
	n := 80
	if testing.Short() {
		n = 40
	}
	early := quickPositions(t, 1, n)
	late := randomPositions(t, 2, n/5, late(22), board.Cells-1)
	for _, spec := range append(fastSpecs, "perfect") {
		ps := early
		if spec == "perfect" {
			ps = late
		}
		a := mustNew(t, spec, Options{Seed: 7, TableMiB: 4})
		for _, p := range ps {
			col, err := a.Move(context.Background(), p)
			if err != nil {
				t.Fatalf("%s in %v: %v", spec, p, err)
			}
			if !p.CanPlay(col) {
				t.Fatalf("%s plays column %d in\n%v", spec, col+1, p)
			}
		}
	}
}

// TestGameOver checks the errors for a won position and a full board.
func TestAgentGameOver(t *testing.T) {
	classicOnly(t)
	won := mustParse(t, "4455667")
	full := mustParse(t, drawnGame)
	if !won.IsWon() || !full.IsFull() || full.IsWon() {
		t.Fatal("fixtures are not a won game and a drawn full board")
	}
	for _, spec := range Specs() {
		a := mustNew(t, spec, Options{TableMiB: 1})
		if _, err := a.Move(context.Background(), won); !errors.Is(err, engine.ErrGameOver) {
			t.Errorf("%s in a won game: error %v, want ErrGameOver", spec, err)
		}
		if _, err := a.Move(context.Background(), full); !errors.Is(err, engine.ErrNoMove) {
			t.Errorf("%s on a full board: error %v, want ErrNoMove", spec, err)
		}
	}
}

// TestCancelled checks that a cancelled context stops every agent.
func TestAgentCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p := mustParse(t, "4453")
	for _, spec := range Specs() {
		a := mustNew(t, spec, Options{TableMiB: 1})
		if _, err := a.Move(ctx, p); !errors.Is(err, context.Canceled) {
			t.Errorf("%s with a cancelled context: error %v, want context.Canceled", spec, err)
		}
	}
	// A cancellation during the search of a level agent's best move.
	if _, err := lookahead(ctx, board.Position{}, lookaheadPlies); !errors.Is(err, context.Canceled) {
		t.Errorf("lookahead with a cancelled context: error %v, want context.Canceled", err)
	}
}

// TestDeterministic checks that agents with the same seed play the same
// moves, and that the random agents' moves depend on the seed.
func TestAgentDeterministic(t *testing.T) {
	early := quickPositions(t, 3, 40)
	late := randomPositions(t, 4, 10, late(22), board.Cells-1)
	moves := func(spec string, seed uint64) []int {
		ps := early
		if spec == "perfect" {
			ps = late
		}
		a := mustNew(t, spec, Options{Seed: seed, TableMiB: 4})
		var cols []int
		for _, p := range ps {
			col, err := a.Move(context.Background(), p)
			if err != nil {
				t.Fatalf("%s: %v", spec, err)
			}
			cols = append(cols, col)
		}
		return cols
	}
	for _, spec := range append(fastSpecs, "perfect") {
		first, again := moves(spec, 11), moves(spec, 11)
		if !slices.Equal(first, again) {
			t.Errorf("%s with seed 11 played %v, then %v", spec, first, again)
		}
		if spec == "random" || spec == "level1" {
			if other := moves(spec, 12); slices.Equal(first, other) {
				t.Errorf("%s played %v with seeds 11 and 12", spec, first)
			}
		}
	}
}

// TestPerfect checks that the perfect agent plays a column of the highest
// score of the solver's analysis.
func TestAgentPerfect(t *testing.T) {
	s := solvertest.New(t, 4)
	for _, seed := range []uint64{0, 5} {
		a := mustNew(t, "perfect", Options{Seed: seed, TableMiB: 4})
		for _, p := range randomPositions(t, 5+seed, 12, late(18), late(36)) {
			scores, err := s.Analyze(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			col, err := a.Move(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			if best := slices.Max(scores[:]); scores[col] != best {
				t.Errorf("seed %d: perfect plays column %d (score %v) in\n%v; analysis %v", seed, col+1, scores[col], p, scores)
			}
		}
	}
}

// TestSpecListPlayable checks that the list of agents in an unknown
// agent's message names mcts:N exactly where New makes it: not on a board
// of two words, which batch does not play.
func TestSpecListPlayable(t *testing.T) {
	_, mctsErr := New("mcts:10", Options{})
	listed := strings.Contains(SpecList(), "mcts:N")
	if listed != (mctsErr == nil) {
		t.Errorf("SpecList() = %q names mcts:N: %v; New(mcts:10): %v", SpecList(), listed, mctsErr)
	}
	_, err := New("nosuch", Options{})
	if err == nil || !strings.Contains(err.Error(), SpecList()) {
		t.Errorf("New(nosuch) = %v, want the list %q", err, SpecList())
	}
}
