package board

// This file exports what the packages that play with the engine (the
// agents, the commands, the datasets) need to know of moves, so that they
// never re-derive it: the column of a move's cell, the character of a
// column in a move string and back, the order of columns from the centre,
// and which moves win or are safe.

// ColumnChar returns the character that names 0-based column col in a move
// string of a digit a move: '1' for the first column. col must be on the
// board and below 9: a wider board writes its columns with [Notation].
func ColumnChar(col int) byte { return byte('1' + col) }

// ColumnOfChar returns the 0-based column that the character c names in a
// move string of a digit a move, and whether c names a column of the board
// at all (of its first nine, on a wider board).
func ColumnOfChar(c byte) (col int, ok bool) {
	col = int(c) - '1'
	return col, col >= 0 && col < min(Width, maxDigitColumns)
}

// MoveString returns the move string of a game whose moves are the 0-based
// columns cols, which must be on the board, in the [Usual] notation (a
// digit a move, or commas on a board of more than nine columns); [Parse]
// reads it back.
func MoveString(cols []int) string { return Usual().Format(cols) }

// CentreOrder returns the 0-based columns from the centre outwards, the
// order in which the search tries moves of equal promise.
func CentreOrder() [Width]int { return centreOrder }

// NonLosingMoves returns the moves of the side to move (cells of [Legal])
// after which the opponent cannot make four at once: the block of the
// opponent's one playable winning cell, if it has one, and never a cell
// just below one of its winning cells. It is empty when the opponent has
// two playable winning cells, or none of the moves is safe. A move that
// makes four is included only when it also is one of these.
func (p Position) NonLosingMoves() Bits {
	return NonLosingMovesOf(p.Legal(), p.OpponentWinningCells())
}

// WinningMoves returns the moves of the side to move that make four.
func (p Position) WinningMoves() Bits { return p.WinningCells().And(p.Legal()) }

// NonLosingMovesOf is the set of moves of the side to move after which the
// opponent cannot win at once, given the cells where the opponent would
// make four. A playable opponent threat must be blocked; two playable
// threats, or none left after filtering, leave the empty set.
func NonLosingMovesOf(legal, oppWins Bits) Bits {
	if forced := legal.And(oppWins); !forced.IsZero() {
		if !forced.ClearLowest().IsZero() {
			return NoCells // two threats: the opponent wins next move
		}
		legal = forced
	}
	return legal.AndNot(oppWins.Down(1)) // never play just below an opponent's threat
}
