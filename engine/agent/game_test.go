package agent

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/movetest"
)

// scripted plays the columns of its script (0-based), in order; a
// negative column returns ErrUndo, and past the end it fails with err.
type scripted struct {
	cols []int
	err  error
}

func (s *scripted) Name() string { return "scripted" }

func (s *scripted) Move(ctx context.Context, p board.Position) (int, error) {
	if len(s.cols) == 0 {
		return -1, s.err
	}
	col := s.cols[0]
	s.cols = s.cols[1:]
	if col < 0 {
		return -1, ErrUndo
	}
	return col, nil
}

// TestPlayGame checks the game loop: who moves, the record, the winner,
// undo (never past the start), and errors naming the player.
func TestPlayGame(t *testing.T) {
	quit := errors.New("quit")
	full := strings.Repeat("4", board.Height)                            // column 4 full
	offBoard := board.Usual().Append(movetest.Fixture("4"), board.Width) // "48": a column beyond the board
	for _, tc := range []struct {
		name   string
		start  string
		a, b   []int
		game   string
		winner int
		moves  [2]int
		err    string // a piece of the error, "" for none
	}{
		{name: "a wins vertically", a: []int{0, 0, 0, 0}, b: []int{1, 1, 1}, game: "1212121", winner: 0, moves: [2]int{4, 3}},
		{name: "from an opening, b wins", start: "1", a: []int{1, 1, 1, 6}, b: []int{0, 0, 0, 0}, game: "1212121", winner: 1, moves: [2]int{3, 3}},
		{name: "undo", a: []int{3, 3, -1, 0, 0, 0, 0}, b: []int{2, 2, 1, 1, 1}, game: "431212121", winner: 0, moves: [2]int{6, 5}},
		{name: "undo at the start does nothing", start: "44", a: []int{-1, 0, 0, 0, 0}, b: []int{1, 1, 1}, game: "441212121", winner: 0, moves: [2]int{4, 3}},
		{name: "player fails", a: []int{3}, b: nil, game: "4", winner: -1, moves: [2]int{1, 0}, err: "scripted: quit"},
		{name: "illegal column", start: full, a: []int{3}, game: full, winner: -1, err: "scripted: illegal: column 4 is full"},
		{name: "bad start", start: offBoard, winner: -1, err: fmt.Sprintf("(want 1 to %d)", board.Width)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var seen []int
			rec, err := PlayGame(t.Context(), movetest.Fixture(tc.start), [2]Agent{&scripted{tc.a, quit}, &scripted{tc.b, quit}}, func(player, col int) {
				seen = append(seen, player)
			})
			if (err == nil) != (tc.err == "") || err != nil && !strings.Contains(err.Error(), tc.err) {
				t.Fatalf("error %v, want %q", err, tc.err)
			}
			if rec.Game == nil {
				return
			}
			if rec.Game.String() != movetest.Fixture(tc.game) || rec.Winner != tc.winner || rec.Moves != tc.moves {
				t.Errorf("game %q, winner %d, moves %v; want %q, %d, %v", rec.Game, rec.Winner, rec.Moves, tc.game, tc.winner, tc.moves)
			}
			for i, player := range seen {
				if player != i%2 && !strings.Contains(tc.name, "undo") {
					t.Errorf("move %d by player %d", i+1, player)
				}
			}
		})
	}
}

// TestPlayGameCancelled checks that a cancelled context ends the game with
// its cause, keeping the moves played.
func TestPlayGameCancelled(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	stop := errors.New("stopped")
	cancel(stop)
	rec, err := PlayGame(ctx, "4", [2]Agent{&greedyAgent{rng: newRand(1)}, &greedyAgent{rng: newRand(2)}}, nil)
	if !errors.Is(err, stop) || rec.Game.String() != "4" || rec.Over() {
		t.Errorf("PlayGame on a cancelled context: %q, %v; want the opening and %v", rec.Game, err, stop)
	}
}

// TestPlayGameAgents plays every pair of quick agents: each game ends,
// and the winner is the one who made four.
func TestPlayGameAgents(t *testing.T) {
	for _, a := range []string{"random", "greedy"} {
		for _, b := range []string{"random", "greedy", "level1"} {
			pa, _ := New(a, Options{Seed: 1})
			pb, _ := New(b, Options{Seed: 2})
			rec, err := PlayGame(t.Context(), "", [2]Agent{pa, pb}, nil)
			if err != nil || !rec.Over() {
				t.Fatalf("%s v %s: %v, game %q not over", a, b, err, rec.Game)
			}
			p := rec.Game.Position()
			if want := map[bool]int{true: (p.Moves() + 1) % 2, false: -1}[p.IsWon()]; rec.Winner != want {
				t.Errorf("%s v %s: game %q, winner %d, want %d", a, b, rec.Game, rec.Winner, want)
			}
			if rec.Moves[0]+rec.Moves[1] != p.Moves() {
				t.Errorf("%s v %s: moves %v for %d stones", a, b, rec.Moves, p.Moves())
			}
		}
	}
}

// TestCheckStart checks which starts leave a game to play.
func TestCheckStart(t *testing.T) {
	for _, tc := range []struct {
		start string
		ok    bool
		over  bool
	}{
		{"", true, false},
		{"4453", true, false},
		{"1212121", false, true}, // four in column 1
		{"4x", false, false},
		{strings.Repeat("1", board.Height+1), false, false}, // column 1 overflows
	} {
		err := CheckStart(movetest.Fixture(tc.start))
		if (err == nil) != tc.ok || errors.Is(err, ErrStartOver) != tc.over {
			t.Errorf("CheckStart(%q) = %v; want ok %t, game over %t", tc.start, err, tc.ok, tc.over)
		}
	}
}
