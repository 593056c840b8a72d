package geom

// The reference predicates below loop over the line table. They are the
// oracle that the generated and shift-based code of the engine is tested
// against, so they favour plainness over speed. "Four" in their names is
// a line of [Geometry.InARow] stones, four in Connect-4. Each takes a [Set], which
// holds a board of two words, or, for a board of one word, a uint64.

// HasFour reports whether the stones include a whole line of four.
func (g Geometry) HasFour(stones uint64) bool { return g.HasFourSet(Set{stones}) }

// HasFourSet reports whether the stones include a whole line of four.
func (g Geometry) HasFourSet(stones Set) bool {
	for _, l := range g.Lines() {
		m := g.LineSet(l)
		if stones.And(m) == m {
			return true
		}
	}
	return false
}

// CompletesFour reports whether a stone on cell c would, with the given
// stones, make a line of four through c. Whether c is empty or playable is
// not considered.
func (g Geometry) CompletesFour(stones uint64, c Cell) bool {
	return g.CompletesFourSet(Set{stones}, c)
}

// CompletesFourSet is [Geometry.CompletesFour] of a set of stones.
func (g Geometry) CompletesFourSet(stones Set, c Cell) bool {
	for _, l := range g.Lines() {
		for _, lc := range l.Cells {
			if lc == c {
				m := g.LineSet(l)
				if stones.Or(g.SetOf(c)).And(m) == m {
					return true
				}
			}
		}
	}
	return false
}

// WinningCells is the set of empty cells (not in occupied) where a stone
// would complete four with the given stones, whether or not the cell is
// playable yet.
func (g Geometry) WinningCells(stones, occupied uint64) uint64 {
	return g.WinningCellsSet(Set{stones}, Set{occupied}).word()
}

// WinningCellsSet is [Geometry.WinningCells] of sets.
func (g Geometry) WinningCellsSet(stones, occupied Set) Set {
	var w Set
	for _, c := range g.AllCells() {
		if m := g.SetOf(c); occupied.And(m).IsZero() && g.CompletesFourSet(stones, c) {
			w = w.Or(m)
		}
	}
	return w
}
