package engine

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/geom"
	"github.com/fourgen/fourgen/internal/longtest"
	"github.com/fourgen/fourgen/internal/refsolver"
)

// refGeometry is this build's board and rule as internal/geom sees them.
var refGeometry = geom.Geometry{Width: board.Width, Height: board.Height, InARow: board.InARow}

// exhaustiveCells is the most cells of a board whose every reachable
// position the long check solves with both solvers (5×4 and 4×5).
const exhaustiveCells = 20

// TestAgainstReferenceSolver holds the engine to internal/refsolver, which
// shares nothing with it, at this build's board and line length (make c4
// SIZE=WxH K=k, or gen's TestConnectK, runs it at other builds). On a
// board of at most exhaustiveCells cells it compares every reachable
// position with the long checks, every 61st without; on a larger board,
// random positions 12 cells from the end.
func TestAgainstReferenceSolver(t *testing.T) {
	ref := refsolver.New(refGeometry)
	s := mustSolver(t, 16)
	check := func(cols []int, want int) {
		t.Helper()
		p, err := board.Parse(board.MoveString(cols))
		if err != nil {
			t.Fatalf("%v: %v", cols, err)
		}
		got, err := s.Solve(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		if int(got) != want {
			t.Fatalf("%d×%d, %d in a row, %q: Solve = %d, the reference solver %d", board.Width, board.Height, board.InARow, p, got, want)
		}
	}
	if board.Cells <= exhaustiveCells {
		step, n, checked := longtest.Pick(601, 61, 1), 0, 0
		ref.Reachable(func(cols []int, score int) bool {
			if n++; n%step == 1 || step == 1 {
				check(cols, score)
				checked++
			}
			return true
		})
		t.Logf("%d×%d, %d in a row: %d of %d reachable positions agree", board.Width, board.Height, board.InARow, checked, n)
		return
	}
	rng := rand.New(rand.NewPCG(uint64(board.Width), uint64(board.InARow)))
	count := longtest.Pick(10, 40, 200)
	for checked := 0; checked < count; {
		cols, ok := lateGame(rng, board.Cells-12)
		if !ok {
			continue
		}
		want, err := ref.Score(cols)
		if err != nil {
			t.Fatal(err)
		}
		check(cols, want)
		checked++
	}
}

// lateGame plays random moves until n stones are down, judged by
// internal/geom's model; false when the game ended on the way.
func lateGame(rng *rand.Rand, n int) ([]int, bool) {
	m := refGeometry.NewModel()
	var cols []int
	for m.Moves < n {
		col := rng.IntN(board.Width)
		if m.Height[col] == board.Height {
			continue
		}
		m.Play(col)
		cols = append(cols, col)
		if m.Won() {
			return nil, false
		}
	}
	return cols, true
}
