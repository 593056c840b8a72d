package geom

// The masks below are defined cell by cell, the slow and obvious way; the
// generator emits them as constants and the engine's tests compare the two.

// BoardMask holds every playable cell.
func (g Geometry) BoardMask() uint64 { return g.Mask(g.AllCells()...) }

// BottomMask holds the bottom cell of every column.
func (g Geometry) BottomMask() uint64 { return g.RowMask(0) }

// GuardMask holds the guard bit on top of every column.
func (g Geometry) GuardMask() uint64 {
	var m uint64
	for col := 0; col < g.Width; col++ {
		m |= 1 << (col*g.ColumnBits() + g.Height)
	}
	return m
}

// ColumnMask holds the playable cells of column col (0-based).
func (g Geometry) ColumnMask(col int) uint64 {
	var m uint64
	for row := 0; row < g.Height; row++ {
		m |= g.Mask(Cell{col, row})
	}
	return m
}

// RowMask holds the cells of row row (0-based, from the bottom).
func (g Geometry) RowMask(row int) uint64 {
	var m uint64
	for col := 0; col < g.Width; col++ {
		m |= g.Mask(Cell{col, row})
	}
	return m
}

// OddRowsMask holds the rows numbered 1, 3, 5, … counted from 1 at the
// bottom: on a board of even height the rows where the first player's
// threats are the useful ones.
func (g Geometry) OddRowsMask() uint64 {
	var m uint64
	for row := 0; row < g.Height; row += 2 {
		m |= g.RowMask(row)
	}
	return m
}

// EvenRowsMask holds the rows numbered 2, 4, 6, … counted from 1 at the
// bottom: on a board of even height the rows where the second player's
// threats are the useful ones.
func (g Geometry) EvenRowsMask() uint64 {
	var m uint64
	for row := 1; row < g.Height; row += 2 {
		m |= g.RowMask(row)
	}
	return m
}

// PriorityClasses groups the playable cells by the number of lines of four
// through them, the most first; cells in one class are equally promising
// for move ordering. Each class is returned as a mask, with the line count
// shared by its cells.
func (g Geometry) PriorityClasses() (masks []uint64, lineCounts []int) {
	through := g.LinesThrough()
	most := 0
	for _, c := range g.AllCells() {
		most = max(most, len(through[g.Bit(c)]))
	}
	for n := most; n >= 0; n-- {
		var m uint64
		for _, c := range g.AllCells() {
			if len(through[g.Bit(c)]) == n {
				m |= g.Mask(c)
			}
		}
		if m != 0 {
			masks = append(masks, m)
			lineCounts = append(lineCounts, n)
		}
	}
	return masks, lineCounts
}
