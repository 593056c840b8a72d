package board

// This file answers what a program showing a game needs to know about a
// position or its analysis (c4 serve's page): who holds each cell, who has
// four and where, and the best columns ([Score.Winner], in score.go, says
// who wins with perfect play). None of it is on the search's path.

// Cell returns the bit of the cell in column col and row row, both 0-based,
// row 0 the bottom. Both must be on the board.
func Cell(col, row int) Bits { return bottomCell(col).Up(uint(row)) }

// Stone returns the player whose stone fills the cell in column col and row
// row (0-based, row 0 the bottom): 1 for the first player, 2 for the
// second, 0 for an empty cell. Both must be on the board.
func (p Position) Stone(col, row int) int {
	cell := Cell(col, row)
	switch {
	case p.mask.And(cell).IsZero():
		return 0
	case !p.current.And(cell).IsZero() == (p.moves&1 == 0):
		return 1 // the side to move owns it, and moves first; or the other side owns it, and moved first
	}
	return 2
}

// Winner returns the player who has four in a line (1 or 2), or 0 when
// nobody has: the game goes on or ended in a draw.
func (p Position) Winner() int {
	if !p.IsWon() {
		return 0
	}
	return 3 - p.ToMove()
}

// Fours returns the cells of every line of four of the player who moved
// last: the winning line (or lines) of a won game, 0 when nobody has won.
// Only the last mover can have four, since the game ends with it.
func (p Position) Fours() Bits {
	stones := p.current.Xor(p.mask)
	var fours Bits
	for _, line := range lineMask {
		if stones.And(line) == line {
			fours = fours.Or(line)
		}
	}
	return fours
}

// BestColumns returns the highest score among scores, those of playing each
// column with [Invalid] for a full one, and the 0-based columns that have it,
// left to right. It returns [Invalid] and no column when every column is
// full.
func BestColumns(scores [Width]Score) (Score, []int) {
	best := Invalid
	for _, v := range scores {
		best = max(best, v)
	}
	var cols []int
	for col, v := range scores {
		if v == best && v != Invalid {
			cols = append(cols, col)
		}
	}
	return best, cols
}
