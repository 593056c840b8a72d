package geom

// The reference predicates below loop over the line table. They are the
// oracle that the generated and shift-based code of the engine is tested
// against, so they favour plainness over speed.

// HasFour reports whether the stones include a whole line of four.
func (g Geometry) HasFour(stones uint64) bool {
	for _, l := range g.Lines() {
		m := g.LineMask(l)
		if stones&m == m {
			return true
		}
	}
	return false
}

// CompletesFour reports whether a stone on cell c would, with the given
// stones, make a line of four through c. Whether c is empty or playable is
// not considered.
func (g Geometry) CompletesFour(stones uint64, c Cell) bool {
	for _, l := range g.Lines() {
		for _, lc := range l.Cells {
			if lc == c {
				m := g.LineMask(l)
				if (stones|g.Mask(c))&m == m {
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
	var w uint64
	for _, c := range g.AllCells() {
		if occupied&g.Mask(c) == 0 && g.CompletesFour(stones, c) {
			w |= g.Mask(c)
		}
	}
	return w
}
