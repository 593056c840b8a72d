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
	return hasFourAlong(s, stepVertical) || hasFourAlong(s, stepHorizontal) ||
		hasFourAlong(s, stepDiagDown) || hasFourAlong(s, stepDiagUp)
}

// hasFourAlong reports whether stones contain a line of four whose cells
// are d bits apart.
func hasFourAlong(s uint64, d uint) bool {
	pairs := s & (s >> d)            // cells whose neighbour d along is also set
	return pairs&(pairs>>(2*d)) != 0 // two such pairs back to back
}

// winningCells is the set of empty cells (not in mask) where one more stone
// would complete four with stones s. The stones must rest on each other as
// in a game (mask shaped by gravity): vertical fours are only looked for
// with the three stones below the cell.
func winningCells(s, mask uint64) uint64 {
	// Vertical: three stones directly below the cell.
	w := (s << 1) & (s << 2) & (s << 3)
	w |= gapsAlong(s, stepHorizontal) | gapsAlong(s, stepDiagDown) | gapsAlong(s, stepDiagUp)
	return w & (boardMask ^ mask)
}

// gapsAlong is the set of cells that would complete four with stones s
// along the direction whose cells are d bits apart, occupied or not.
func gapsAlong(s uint64, d uint) uint64 {
	below := (s << d) & (s << (2 * d)) // two stones on the low side
	above := (s >> d) & (s >> (2 * d)) // two stones on the high side
	return below&(s<<(3*d)) |          // xxx_
		below&(s>>d) | // xx_x
		above&(s<<d) | // x_xx
		above&(s>>(3*d)) // _xxx
}
