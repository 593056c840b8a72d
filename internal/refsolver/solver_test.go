package refsolver

import (
	"strings"
	"testing"

	"github.com/fourgen/fourgen/internal/geom"
)

func mustGeom(t *testing.T, w, h, k int) geom.Geometry {
	t.Helper()
	g, err := geom.New(w, h, k)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestScores checks scores worked out by hand and published values of
// the empty 4×4 board of four in a row (Tromp: a draw).
func TestScores(t *testing.T) {
	for _, tt := range []struct {
		name    string
		w, h, k int
		cols    []int
		want    int
	}{
		// The first player's third stone on column 1 makes three: stone 5
		// of 16, 1 + (16-5)/2.
		{"three at once", 4, 4, 3, []int{0, 1, 0, 1}, 6},
		// The second player's third stone on column 2 makes three: stone 6.
		{"second player at once", 4, 4, 3, []int{0, 1, 2, 1, 3}, 6},
		// Four in a row: the first player's fourth stone on column 1.
		{"four at once", 4, 4, 4, []int{0, 1, 0, 1, 0, 1}, 5},
		{"4x4 empty board, four in a row: a draw", 4, 4, 4, nil, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := New(mustGeom(t, tt.w, tt.h, tt.k)).Score(tt.cols)
			if err != nil || got != tt.want {
				t.Errorf("Score(%v) = %d, %v; want %d", tt.cols, got, err, tt.want)
			}
		})
	}
}

func TestScoreRefuses(t *testing.T) {
	s := New(mustGeom(t, 4, 4, 3))
	for _, tt := range []struct {
		cols []int
		want string
	}{
		{[]int{4}, "move 1 (column 4) is not legal"},
		{[]int{-1}, "not legal"},
		{[]int{0, 0, 0, 0, 0}, "move 5 (column 0) is not legal"},
		{[]int{0, 1, 0, 1, 0}, "move 5 ends the game"},
		{[]int{0, 1, 0, 1, 0, 1}, "move 5 ends the game, 1 more follow"},
	} {
		if _, err := s.Score(tt.cols); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Score(%v) = %v, want an error containing %q", tt.cols, err, tt.want)
		}
	}
}

// TestReachable checks on 4×4 at three in a row that every position
// visited is distinct, not over, and scored as Score scores it alone, and
// that a child's score is consistent with its parent's: the parent's is
// the best of its children's negated, or a win at once.
func TestReachable(t *testing.T) {
	g := mustGeom(t, 4, 4, 3)
	s := New(g)
	seen := make(map[string]bool)
	scores := make(map[string]int)
	games := make(map[string][]int)
	n := 0
	s.Reachable(func(cols []int, score int) bool {
		n++
		m := g.ModelOf(cols...)
		if m.Over() {
			t.Fatalf("%v: the game is over", cols)
		}
		id := modelKey(m)
		if seen[id] {
			t.Fatalf("%v: visited twice", cols)
		}
		seen[id], scores[id], games[id] = true, score, append([]int(nil), cols...)
		return true
	})
	if n < 100 {
		t.Fatalf("%d positions visited", n)
	}
	checked := 0
	for id, score := range scores {
		if got, err := New(g).Score(games[id]); err != nil || got != score {
			t.Fatalf("%v: Reachable scores %d, a fresh Score %d, %v", games[id], score, got, err)
		}
		if checked++; checked == 200 {
			break
		}
	}
	stopped := 0
	s.Reachable(func([]int, int) bool { stopped++; return stopped < 5 })
	if stopped != 5 {
		t.Errorf("Reachable went on after visit returned false: %d calls", stopped)
	}
}

// modelKey names a model's position by its grid.
func modelKey(m *geom.Model) string {
	var b strings.Builder
	for col := range m.Owner {
		for _, o := range m.Owner[col] {
			b.WriteByte(byte('0' + o))
		}
		b.WriteByte('/')
	}
	return b.String()
}
