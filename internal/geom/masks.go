package geom

// The masks below are defined cell by cell, the slow and obvious way; the
// generator emits them as constants and the engine's tests compare the two.
// Each is a [Set], which holds a board of two words, and, for the callers
// of a board of one word, a uint64 (word 0 of the set).

// BoardMask holds every playable cell.
func (g Geometry) BoardMask() uint64 { return g.BoardSet().word() }

// BoardSet holds every playable cell.
func (g Geometry) BoardSet() Set { return g.SetOf(g.AllCells()...) }

// BottomMask holds the bottom cell of every column.
func (g Geometry) BottomMask() uint64 { return g.BottomSet().word() }

// BottomSet holds the bottom cell of every column.
func (g Geometry) BottomSet() Set { return g.RowSet(0) }

// GuardMask holds the guard bit on top of every column.
func (g Geometry) GuardMask() uint64 { return g.GuardSet().word() }

// GuardSet holds the guard bit on top of every column.
func (g Geometry) GuardSet() Set {
	var s Set
	for col := 0; col < g.Width; col++ {
		s = s.Or(bitSet(g.Bit(Cell{col, g.Height})))
	}
	return s
}

// ColumnMask holds the playable cells of column col (0-based).
func (g Geometry) ColumnMask(col int) uint64 { return g.ColumnSet(col).word() }

// ColumnSet holds the playable cells of column col (0-based).
func (g Geometry) ColumnSet(col int) Set {
	var s Set
	for row := 0; row < g.Height; row++ {
		s = s.Or(g.SetOf(Cell{col, row}))
	}
	return s
}

// RowMask holds the cells of row row (0-based, from the bottom).
func (g Geometry) RowMask(row int) uint64 { return g.RowSet(row).word() }

// RowSet holds the cells of row row (0-based, from the bottom).
func (g Geometry) RowSet(row int) Set {
	var s Set
	for col := 0; col < g.Width; col++ {
		s = s.Or(g.SetOf(Cell{col, row}))
	}
	return s
}

// OddRowsMask holds the rows numbered 1, 3, 5, … counted from 1 at the
// bottom: on a board of even height the rows where the first player's
// threats are the useful ones.
func (g Geometry) OddRowsMask() uint64 { return g.OddRowsSet().word() }

// OddRowsSet is [Geometry.OddRowsMask] as a set.
func (g Geometry) OddRowsSet() Set { return g.everyOtherRow(0) }

// EvenRowsMask holds the rows numbered 2, 4, 6, … counted from 1 at the
// bottom: on a board of even height the rows where the second player's
// threats are the useful ones.
func (g Geometry) EvenRowsMask() uint64 { return g.EvenRowsSet().word() }

// EvenRowsSet is [Geometry.EvenRowsMask] as a set.
func (g Geometry) EvenRowsSet() Set { return g.everyOtherRow(1) }

// everyOtherRow holds the rows first, first+2, … (0-based).
func (g Geometry) everyOtherRow(first int) Set {
	var s Set
	for row := first; row < g.Height; row += 2 {
		s = s.Or(g.RowSet(row))
	}
	return s
}

// PriorityClasses groups the playable cells by the number of lines of four
// through them, the most first; cells in one class are equally promising
// for move ordering. Each class is returned as a mask, with the line count
// shared by its cells.
func (g Geometry) PriorityClasses() (masks []uint64, lineCounts []int) {
	sets, lineCounts := g.PriorityClassSets()
	for _, s := range sets {
		masks = append(masks, s.word())
	}
	return masks, lineCounts
}

// PriorityClassSets is [Geometry.PriorityClasses] with each class a set.
func (g Geometry) PriorityClassSets() (sets []Set, lineCounts []int) {
	through := g.LinesThrough()
	most := 0
	for _, c := range g.AllCells() {
		most = max(most, len(through[g.Bit(c)]))
	}
	for n := most; n >= 0; n-- {
		var s Set
		for _, c := range g.AllCells() {
			if len(through[g.Bit(c)]) == n {
				s = s.Or(g.SetOf(c))
			}
		}
		if !s.IsZero() {
			sets = append(sets, s)
			lineCounts = append(lineCounts, n)
		}
	}
	return sets, lineCounts
}
