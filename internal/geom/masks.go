package geom

// The masks below are defined cell by cell, the slow and obvious way; the
// generator emits them as constants and the engine's tests compare the two.
// Each is a [Set], which holds a board of two words.

// BoardSet holds every playable cell.
func (g Geometry) BoardSet() Set { return g.SetOf(g.AllCells()...) }

// BottomSet holds the bottom cell of every column.
func (g Geometry) BottomSet() Set { return g.RowSet(0) }

// GuardSet holds the guard bit on top of every column.
func (g Geometry) GuardSet() Set {
	var s Set
	for col := 0; col < g.Width; col++ {
		s = s.Or(bitSet(g.Bit(Cell{col, g.Height})))
	}
	return s
}

// ColumnSet holds the playable cells of column col (0-based).
func (g Geometry) ColumnSet(col int) Set {
	var s Set
	for row := 0; row < g.Height; row++ {
		s = s.Or(g.SetOf(Cell{col, row}))
	}
	return s
}

// RowSet holds the cells of row row (0-based, from the bottom).
func (g Geometry) RowSet(row int) Set {
	var s Set
	for col := 0; col < g.Width; col++ {
		s = s.Or(g.SetOf(Cell{col, row}))
	}
	return s
}

// OddRowsSet holds the rows numbered 1, 3, 5, … counted from 1 at the
// bottom: on a board of even height the rows where the first player's
// threats are the useful ones.
func (g Geometry) OddRowsSet() Set { return g.everyOtherRow(0) }

// EvenRowsSet holds the rows numbered 2, 4, 6, … counted from 1 at the
// bottom: on a board of even height the rows where the second player's
// threats are the useful ones.
func (g Geometry) EvenRowsSet() Set { return g.everyOtherRow(1) }

// everyOtherRow holds the rows first, first+2, … (0-based).
func (g Geometry) everyOtherRow(first int) Set {
	var s Set
	for row := first; row < g.Height; row += 2 {
		s = s.Or(g.RowSet(row))
	}
	return s
}

// PriorityClassSets groups the playable cells by the number of winning
// lines through them, the most first; cells in one class are equally
// promising for move ordering. Each class is returned as a set, with the
// line count shared by its cells.
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
