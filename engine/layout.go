package engine

// This file exports small facts of the bit layout and of the move rules
// for the packages that play with the engine (the agents), so that they
// never re-derive them.

// ColumnOf returns the 0-based column of the cell whose single bit is move.
func ColumnOf(move uint64) int { return column(move) }

// CentreOrder returns the 0-based columns from the centre outwards, the
// order in which the search tries moves of equal promise.
func CentreOrder() [Width]int { return centreOrder }

// NonLosingMoves returns the moves of the side to move (cells of [Legal])
// after which the opponent cannot make four at once: the block of the
// opponent's one playable winning cell, if it has one, and never a cell
// just below one of its winning cells. It is empty when the opponent has
// two playable winning cells, or none of the moves is safe. A move that
// makes four is included only when it also is one of these.
func (p Position) NonLosingMoves() uint64 {
	return nonLosingMoves(p.Legal(), p.OpponentWinningCells())
}

// WinningMoves returns the moves of the side to move that make four.
func (p Position) WinningMoves() uint64 { return p.WinningCells() & p.Legal() }
