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
}

// New returns the geometry of a width×height board, or an error if the board
// is too small to hold a four or too large for one 64-bit word per player
// (width×(height+1) bits).
func New(width, height int) (Geometry, error) {
	g := Geometry{Width: width, Height: height}
	switch {
	case width < 4 && height < 4:
		return g, fmt.Errorf("geom: a %d×%d board holds no line of four", width, height)
	case width < 1 || height < 1:
		return g, fmt.Errorf("geom: width and height must be positive, got %d×%d", width, height)
	case width > 64 || height > 63 || width*(height+1) > 64:
		// Bounding each side first keeps width*(height+1) from overflowing.
		return g, fmt.Errorf("geom: a %d×%d board needs width×(height+1) bits, more than 64", width, height)
	}
	return g, nil
}

// ColumnBits is the number of bits per column: the playable rows plus the
// guard bit.
func (g Geometry) ColumnBits() int { return g.Height + 1 }

// Bits is the number of bits the layout spans, guard bits included.
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

// Bit is the index of the cell's bit in the layout.
func (g Geometry) Bit(c Cell) int { return c.Col*g.ColumnBits() + c.Row }

// CellAt is the cell held by bit b, and false for a guard bit or a bit
// outside the layout.
func (g Geometry) CellAt(b int) (Cell, bool) {
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

// Mask is the set of bits of the given cells.
func (g Geometry) Mask(cells ...Cell) uint64 {
	var m uint64
	for _, c := range cells {
		m |= 1 << g.Bit(c)
	}
	return m
}

// CellsOf lists the playable cells whose bits are set in m, in bit order.
func (g Geometry) CellsOf(m uint64) []Cell {
	var cells []Cell
	for m != 0 {
		b := bits.TrailingZeros64(m)
		m &= m - 1
		if c, ok := g.CellAt(b); ok {
			cells = append(cells, c)
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
