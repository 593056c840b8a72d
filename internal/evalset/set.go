package evalset

import (
	"fmt"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/eval"
)

// setVersion is the version of the file format [writeSet] writes and [readSet]
// reads.
const setVersion = 1

// Set is an evaluation set: labelled positions, PerCell in each cell of
// [cells], cell by cell.
type Set struct {
	Seed    uint64 // the seed it was drawn with
	PerCell int    // positions in each cell
	// Positions are the positions, each with its Scores, in the order of
	// [cells], PerCell a cell.
	Positions []eval.Position
}

// cell is a cell of the error table of package eval: a stage (row) and a
// difficulty (column).
type cell struct{ stage, difficulty int }

// cells are the cells of the error table that can hold positions, in
// table order: those where a position of the stage can have that many
// plies left (at most the empty cells).
func cells() []cell {
	var cells []cell
	most := map[int]int{} // the hardest difficulty of each stage
	for n := 1; n < board.Cells; n++ {
		stage, diff := eval.Cell(n, 0) // a draw: every cell fills
		most[stage] = max(most[stage], diff)
	}
	for stage := range 3 {
		if d, ok := most[stage]; ok {
			for diff := range d + 1 {
				cells = append(cells, cell{stage, diff})
			}
		}
	}
	return cells
}

// stones returns the fewest and most stones of the positions of stage:
// from 1 (the empty board has no stage to judge) to one fewer than the
// cells.
func stones(stage int) (lo, hi int) {
	lo = -1
	for n := 1; n < board.Cells; n++ {
		if s, _ := eval.Cell(n, 0); s == stage {
			if lo < 0 {
				lo = n
			}
			hi = n
		}
	}
	return lo, hi
}

// Best is the score of a position of a set: the best of its columns'.
func Best(p eval.Position) board.Score { return best(p.Scores) }

// Board names the board of this build, as a set's header does: "7x6".
func Board() string { return boardName }

// best is the score of a position whose columns score scores: the best.
func best(scores *[board.Width]board.Score) board.Score {
	b := board.Invalid
	for _, s := range scores {
		b = max(b, s)
	}
	return b
}

// cellOf is the cell of p, which has its scores.
func cellOf(p eval.Position) cell {
	s, d := eval.Cell(p.Pos.Moves(), best(p.Scores))
	return cell{s, d}
}

// String names c as the error table's rows and columns count: "stage 1,
// difficulty 3" (each 1 to 3).
func (c cell) String() string {
	return fmt.Sprintf("stage %d, difficulty %d", c.stage+1, c.difficulty+1)
}

// CellCount is the number of cells of the error table that hold
// positions: the cells of a set.
func CellCount() int { return len(cells()) }

// CellName names the i-th cell of a set as Pons's sets are named: L for
// the stage (1 the beginning of the game, 3 the end), R for the
// difficulty (1 few plies left, 3 many): "L1_R3".
func CellName(i int) string {
	c := cells()[i]
	return fmt.Sprintf("L%d_R%d", c.stage+1, c.difficulty+1)
}

// Cell returns the positions of the i-th cell of the set (0 to
// [CellCount]-1).
func (set *Set) Cell(i int) []eval.Position {
	return set.Positions[i*set.PerCell : (i+1)*set.PerCell]
}
