package evalset

import (
	"context"
	"testing"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/openingbook"
	"github.com/fourgen/fourgen/internal/solvertest"
)

// bookSolver is a solver with the embedded opening book.
func bookSolver(t *testing.T) *engine.Solver {
	t.Helper()
	s := solvertest.New(t, 16)
	b, err := openingbook.Book()
	if err != nil {
		t.Fatal(err)
	}
	s.SetBook(b)
	return s
}

// The shipped set is what its generator draws with its seed: the first
// positions of each cell are those of a set of fewer a cell (the package
// doc says why), here two.
func TestShippedIsBuilt(t *testing.T) {
	set := shipped(t)
	const n = 2
	small, err := Build(context.Background(), bookSolver(t), set.Seed, n, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range CellCount() {
		for k, p := range small.Cell(i) {
			if got := set.Cell(i)[k]; got.Moves != p.Moves || *got.Scores != *p.Scores {
				t.Errorf("cell %s, position %d: shipped %s %v, drawn and labelled now %s %v", CellName(i), k, got.Moves, *got.Scores, p.Moves, *p.Scores)
			}
		}
	}
}

// The labels of a sample of the shipped set are the solver's, column by
// column (the whole set: with -long, see internal/longtest).
func TestShippedLabels(t *testing.T) {
	set := shipped(t)
	s := bookSolver(t)
	step := 97
	if testing.Short() {
		step = 499
	}
	for i := 0; i < len(set.Positions); i += step {
		p := set.Positions[i]
		scores, err := s.Analyze(context.Background(), p.Pos)
		if err != nil {
			t.Fatal(err)
		}
		if scores != *p.Scores {
			t.Errorf("%s: labelled %v, the solver says %v", p.Moves, *p.Scores, scores)
		}
	}
}
