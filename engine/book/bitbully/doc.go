// Package bitbully reads the 8-ply opening database published with the
// BitBully Connect-4 solver (MIT licence, © 2025 Markus Thill), derived
// from John Tromp's 8-ply database plus the positions that one leaves out
// because the first player must block a threat.
//
// # File format
//
// The file is a sequence of 3-byte records and nothing else. Each record
// is a 24-bit big-endian unsigned integer:
//
//	bit 23 … 2   the position's key, with the low 2 bits cleared
//	bit  1 … 0   the value: 0 a draw, 1 a loss for the first player
//
// The key is the position's stone string (see [board.StoneString]): with
// 8 stones it is exactly 24 bits and always ends in two zero bits, where
// the value sits. Records are sorted by key, strictly increasing.
//
// Only draws and losses are stored, each position under one orientation
// of its mirror pair (not a canonical one, and for some positions both).
// A position of 8 stones, no four on the board and the side to move unable
// to win at once that is found under neither orientation is a win for the
// first player, who is the side to move at 8 stones.
//
// The database is of the 7×6 board ([width], [height]): at another board
// size [Parse] refuses it. Package book checks books against it.
package bitbully
