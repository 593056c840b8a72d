package geom

import "fmt"

// Direction is the way a line runs from its first cell.
type Direction int

// The four directions a line can take, in the order [Geometry.Lines]
// lists them.
const (
	Vertical     Direction = iota // up a column
	Horizontal                    // along a row, rightwards
	DiagonalUp                    // rightwards and up
	DiagonalDown                  // rightwards and down
)

var directionSteps = [...]struct {
	name       string
	dCol, dRow int
}{
	Vertical:     {"vertical", 0, 1},
	Horizontal:   {"horizontal", 1, 0},
	DiagonalUp:   {"diagonal /", 1, 1},
	DiagonalDown: {"diagonal \\", 1, -1},
}

func (d Direction) String() string { return directionSteps[d].name }

// Step is the distance in bits, in the column-major layout that puts cell
// (col, row) at col×ColumnBits+row across both words of a board of two,
// from one cell of a line of direction d to the next: one shift by Step
// moves every cell of every such line onto the line's next cell.
func (g Geometry) Step(d Direction) int {
	return directionSteps[d].dCol*g.ColumnBits() + directionSteps[d].dRow
}

// Line is a line of [Geometry.InARow] cells, listed from its first cell in
// its direction.
type Line struct {
	Dir   Direction
	Cells []Cell
}

// String names the line by direction and cells, as "horizontal c1r1-c4r1".
func (l Line) String() string {
	return fmt.Sprintf("%s %v-%v", l.Dir, l.Cells[0], l.Cells[len(l.Cells)-1])
}

// Lines lists every line of InARow cells on the board: all vertical lines,
// then all horizontal, then both diagonals, each group by starting cell in
// bit order. On 7×6 with four in a row that is 21 + 24 + 12 + 12 = 69
// lines.
func (g Geometry) Lines() []Line {
	if g.InARow < 3 { // a literal without InARow: every set would hold a line of none
		panic(fmt.Sprintf("geom: a geometry of %d in a row: build it with New, or set InARow", g.InARow))
	}
	var lines []Line
	for d := Vertical; d <= DiagonalDown; d++ {
		step := directionSteps[d]
		for _, start := range g.AllCells() {
			l := Line{Dir: d, Cells: make([]Cell, g.InARow)}
			ok := true
			for i := range l.Cells {
				l.Cells[i] = Cell{start.Col + i*step.dCol, start.Row + i*step.dRow}
				ok = ok && g.Contains(l.Cells[i])
			}
			if ok {
				lines = append(lines, l)
			}
		}
	}
	return lines
}

// LineMask is the set of the line's bits, which must lie in word 0.
func (g Geometry) LineMask(l Line) uint64 { return g.LineSet(l).word() }

// LineSet is the set of the line's bits.
func (g Geometry) LineSet(l Line) Set { return g.SetOf(l.Cells[:]...) }

// LinesThrough lists, for every bit of the layout ([Geometry.Span] of
// them), the indexes into [Geometry.Lines] of the lines through that cell,
// in increasing order; guard bits and the unused bits of a word have none.
func (g Geometry) LinesThrough() [][]int {
	through := make([][]int, g.Span())
	for i, l := range g.Lines() {
		for _, c := range l.Cells {
			b := g.Bit(c)
			through[b] = append(through[b], i)
		}
	}
	return through
}
