package geom

import (
	"fmt"
	"math/bits"
)

// Geometry is the size of a board. The zero value is not valid; use [New].
// Which size the engine plays is chosen by the //go:generate line in package
// engine, not here.
type Geometry struct {
	Width  int // number of columns
	Height int // number of playable rows
	InARow int // the stones in a row that win: 4 in Connect-4, k in connect-k
}

// New returns the geometry of a width×height board on which inARow stones
// in a row win, or an error if the line is shorter than 3 (a game of two
// in a row is won by the first player's second stone) or longer than the
// board's longest line, or if the board is too large for the layout:
// width×(height+1) bits in one 64-bit word per player, or, for a board of
// 4 to 12 columns and at least 4 rows, in two words of whole columns (see
// [Geometry.Words]).
func New(width, height, inARow int) (Geometry, error) {
	g := Geometry{Width: width, Height: height, InARow: inARow}
	switch {
	case inARow < 3:
		return g, fmt.Errorf("geom: a line of %d: the stones in a row that win must be at least 3", inARow)
	case width < inARow && height < inARow:
		return g, fmt.Errorf("geom: a %d×%d board holds no line of %d", width, height, inARow)
	case width < 1 || height < 1:
		return g, fmt.Errorf("geom: width and height must be positive, got %d×%d", width, height)
	case width > 128 || height > 127 || width*(height+1) > 128:
		// Bounding each side first keeps width*(height+1) from overflowing.
		return g, fmt.Errorf("geom: a %d×%d board needs width×(height+1) bits, more than 128", width, height)
	case g.Bits() <= 64:
		return g, nil
	case width < 4 || width > maxWideColumns || height < 4:
		return g, fmt.Errorf("geom: a %d×%d board needs %d bits, more than 64: two words hold boards of 4 to %d columns and at least 4 rows",
			width, height, g.Bits(), maxWideColumns)
	case (width+1)/2*g.ColumnBits() > 64:
		return g, fmt.Errorf("geom: a %d×%d board needs %d bits, more than 64, and half of its columns of %d bits do not fit one word",
			width, height, g.Bits(), g.ColumnBits())
	}
	return g, nil
}

// maxWideColumns is the most columns of a board of two words: the widest
// board of the published tables of solved boards has 12.
const maxWideColumns = 12

// Words is the number of 64-bit words of the layout: 1 when the board's
// width×(height+1) bits fit one, else 2. A board of two words keeps whole
// columns in each: the first [Geometry.LowColumns] columns in word 0 (bits
// 0 to 63), the others in word 1 (bits 64 to 127), each word column-major
// from its bit 0, so that no column, and no vertical line, crosses words.
func (g Geometry) Words() int {
	if g.Bits() <= 64 {
		return 1
	}
	return 2
}

// LowColumns is the number of columns in word 0: every column on a board
// of one word, the first half (rounded up) on a board of two.
func (g Geometry) LowColumns() int {
	if g.Words() == 1 {
		return g.Width
	}
	return (g.Width + 1) / 2
}

// Span is one past the highest bit of the layout: [Geometry.Bits] on a
// board of one word, 64 plus the bits of word 1's columns on a board of
// two. Tables indexed by bit have Span entries.
func (g Geometry) Span() int {
	if g.Words() == 1 {
		return g.Bits()
	}
	return 64 + (g.Width-g.LowColumns())*g.ColumnBits()
}

// ColumnBits is the number of bits per column: the playable rows plus the
// guard bit.
func (g Geometry) ColumnBits() int { return g.Height + 1 }

// Bits is the number of bits of the layout, guard bits included:
// width×(height+1).
func (g Geometry) Bits() int { return g.Width * g.ColumnBits() }

// Cells is the number of playable cells.
func (g Geometry) Cells() int { return g.Width * g.Height }

// Cell is a playable square, counted from 0 at the bottom left.
type Cell struct {
	Col, Row int
}

// String names the cell by 1-based column and row, as "c4r1".
func (c Cell) String() string { return fmt.Sprintf("c%dr%d", c.Col+1, c.Row+1) }

// Contains reports whether the cell lies on the board.
func (g Geometry) Contains(c Cell) bool {
	return c.Col >= 0 && c.Col < g.Width && c.Row >= 0 && c.Row < g.Height
}

// Bit is the index of the cell's bit in the layout: column-major within
// each word (see [Geometry.Words]). A row of Height names the column's
// guard bit. On a board of one word a cell off the board keeps the
// one-word arithmetic (col×ColumnBits + row), as the tests' off-board
// seeds at small sizes expect.
func (g Geometry) Bit(c Cell) int {
	if k := g.LowColumns(); k < g.Width && c.Col >= k {
		return 64 + (c.Col-k)*g.ColumnBits() + c.Row
	}
	return c.Col*g.ColumnBits() + c.Row
}

// CellAt is the cell held by bit b, and false for a guard bit or a bit
// outside the layout.
func (g Geometry) CellAt(b int) (Cell, bool) {
	k := g.LowColumns()
	if b >= 64 && k < g.Width {
		b -= 64 - k*g.ColumnBits() // word 1's bit 0 is column k's bottom cell
	} else if b >= k*g.ColumnBits() {
		return Cell{}, false
	}
	c := Cell{Col: b / g.ColumnBits(), Row: b % g.ColumnBits()}
	if b < 0 || !g.Contains(c) {
		return Cell{}, false
	}
	return c, true
}

// AllCells lists the playable cells in bit order: column by column, bottom
// to top.
func (g Geometry) AllCells() []Cell {
	cells := make([]Cell, 0, g.Cells())
	for col := 0; col < g.Width; col++ {
		for row := 0; row < g.Height; row++ {
			cells = append(cells, Cell{col, row})
		}
	}
	return cells
}

// Mask is the set of bits of the given cells, which must all lie in word
// 0 (every cell of a board of one word); [Geometry.SetOf] takes any cell.
func (g Geometry) Mask(cells ...Cell) uint64 { return g.SetOf(cells...).word() }

// SetOf is the set of bits of the given cells.
func (g Geometry) SetOf(cells ...Cell) Set {
	var s Set
	for _, c := range cells {
		s = s.Or(bitSet(g.Bit(c)))
	}
	return s
}

// CellsOf lists the playable cells whose bits are set in m, word 0 of the
// layout, in bit order.
func (g Geometry) CellsOf(m uint64) []Cell { return g.CellsOfSet(Set{m}) }

// CellsOfSet lists the playable cells whose bits are set in s, in bit
// order.
func (g Geometry) CellsOfSet(s Set) []Cell {
	var cells []Cell
	for w, m := range s {
		for ; m != 0; m &= m - 1 {
			if c, ok := g.CellAt(64*w + bits.TrailingZeros64(m)); ok {
				cells = append(cells, c)
			}
		}
	}
	return cells
}

// CentreOrder lists the 0-based columns from the centre outwards: column
// Width/2 first, then alternately one step further to the left and to the
// right. That is 3 2 4 1 5 0 6 on a board of 7 columns and 4 3 5 2 6 1 7 0
// on one of 8, whose two central columns are 3 and 4.
func (g Geometry) CentreOrder() []int {
	order := []int{g.Width / 2}
	for step := 1; len(order) < g.Width; step++ {
		for _, col := range []int{g.Width/2 - step, g.Width/2 + step} {
			if col >= 0 && col < g.Width {
				order = append(order, col)
			}
		}
	}
	return order
}
