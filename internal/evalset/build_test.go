package evalset

import (
	"context"
	"flag"
	"io"
	"testing"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/openingbook"
	"github.com/fourgen/fourgen/internal/atomicfile"
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

// update rebuilds the shipped set: make evalset.
var update = flag.Bool("update", false, "draw and label the shipped set anew into set.txt (make evalset; about a minute)")

// The shipped set's seed and positions a cell: what make evalset builds.
const (
	shippedSeed    = 1
	shippedPerCell = 500
)

// The shipped set is what its generator draws with its seed: the first
// positions of each cell are those of a set of fewer a cell (the package
// doc says why), here two. With -update it draws the whole set and writes
// it to set.txt (the generator of the shipped set).
func TestShippedIsBuilt(t *testing.T) {
	if *update {
		set, err := buildSet(context.Background(), bookSolver(t), shippedSeed, shippedPerCell, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := atomicfile.Write("set.txt", 0o644, func(w io.Writer) error { return writeSet(w, set) }); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote set.txt: %d positions; rebuild the commands (go build ./cmd/c4) to embed it", len(set.Positions))
		return
	}
	set := shipped(t)
	if set.Seed != shippedSeed || set.PerCell != shippedPerCell {
		t.Errorf("set.txt: seed %d, %d a cell; make evalset builds seed %d, %d a cell", set.Seed, set.PerCell, shippedSeed, shippedPerCell)
	}
	const n = 2
	small, err := buildSet(context.Background(), bookSolver(t), set.Seed, n, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range CellCount() {
		for k, p := range small.Cell(i) {
			if got := set.Cell(i)[k]; got.Moves != p.Moves || *got.Scores != *p.Scores {
				t.Errorf("cell %s, position %d: shipped %s %v, drawn and labelled now %s %v (make evalset rebuilds it)", CellName(i), k, got.Moves, *got.Scores, p.Moves, *p.Scores)
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
