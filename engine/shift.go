package engine

// Shift-based line detection: a line of four along a direction whose
// neighbouring cells are d bits apart shows up as a bit that survives
// and-ing the word with itself shifted by d, 2d and 3d. The guard bit on top
// of each column keeps lines from wrapping between columns.

// Bit distances between neighbouring cells in each direction.
const (
	stepVertical   = 1
	stepHorizontal = columnBits
	stepDiagDown   = columnBits - 1 // rightwards and down
	stepDiagUp     = columnBits + 1 // rightwards and up
)

// hasFour reports whether stones contain a line of four.
func hasFour(s uint64) bool {
	for _, d := range [...]uint{stepVertical, stepHorizontal, stepDiagDown, stepDiagUp} {
		pairs := s & (s >> d)          // cells whose neighbour d along is also set
		if pairs&(pairs>>(2*d)) != 0 { // two such pairs back to back
			return true
		}
	}
	return false
}

// winningCells is the set of empty cells (not in mask) where one more stone
// would complete four with stones s.
func winningCells(s, mask uint64) uint64 {
	// Vertical: three stones directly below the cell.
	w := (s << 1) & (s << 2) & (s << 3)
	for _, d := range [...]uint{stepHorizontal, stepDiagDown, stepDiagUp} {
		below := (s << d) & (s << (2 * d)) // two stones on the low side
		w |= below & (s << (3 * d))        // xxx_
		w |= below & (s >> d)              // xx_x
		above := (s >> d) & (s >> (2 * d)) // two stones on the high side
		w |= above & (s << d)              // x_xx
		w |= above & (s >> (3 * d))        // _xxx
	}
	return w & (boardMask ^ mask)
}
