package board

import (
	"fmt"
	"math/bits"
)

// Book positions are keyed by their stone string, the encoding of John
// Tromp's and BitBully's opening databases: column by column from the left,
// each column's stones bottom to top, a first player's stone written 10 and
// a second player's 11, then a 0 closing the column, and one more 0 after
// the last column. A position of n stones takes 2n+Width+1 bits, so books
// of up to MaxBookPlies stones fit 32-bit codes.

// MaxBookPlies is the deepest book whose stone strings fit in 32 bits.
const MaxBookPlies = (32 - Width - 1) / 2

// StoneString is the stone string of p, in its low 2·moves+Width+1 bits.
// Each column's piece comes from columnCodes, indexed by its height and
// the owners of its stones.
func StoneString(p Position) uint64 {
	second := p.current // stones of the second player
	if p.moves&1 == 0 {
		second = p.current.Xor(p.mask)
	}
	var code uint64
	for col := range Width {
		height := bits.OnesCount64(p.mask.Column(col))
		c := columnCodes[height<<Height|int(second.Column(col))]
		code = code<<(2*height+1) | uint64(c)
	}
	return code << 1
}

// columnCodes holds the stone string of one column, closing 0 included,
// for every height h and set of second-player stones o (bit r for row r),
// at index h<<Height | o. Entries with stones above the height are unused.
// A column of h stones takes 2h+1 bits: 32 bits hold a column of up to 15
// (16 bits held 7, and a board of 8 rows or more lost the top of a full
// column's code: 6×10's book keys).
var columnCodes = func() (codes [(Height + 1) << Height]uint32) {
	for h := range Height + 1 {
		for o := range 1 << h {
			var c uint32
			for r := range h {
				c = c<<2 | 2 | uint32(o>>r&1)
			}
			codes[h<<Height|o] = c << 1
		}
	}
	return codes
}()

// BookKey is the smaller of the stone strings of p and of its mirror, the
// key of p in a book.
func BookKey(p Position) uint32 {
	return uint32(min(StoneString(p), StoneString(p.Mirror())))
}

// ParseStoneString decodes a stone string of the given number of
// stones back into a position, refusing strings that do not describe a
// legal position of that many stones with no four on the board.
func ParseStoneString(code uint64, stones int) (Position, error) {
	if stones < 0 {
		return Position{}, fmt.Errorf("stone string of %d stones: want 0 or more", stones)
	}
	length := 2*stones + Width + 1
	if length > 64 || code>>length != 0 {
		return Position{}, fmt.Errorf("stone string %#x is longer than %d bits", code, length)
	}
	var first, second Bits
	pos := length // bits not yet read, counted from the top
	next := func() uint64 { pos--; return code >> pos & 1 }
	count := 0
	for col := range Width {
		row := 0
		for pos > 0 && next() == 1 {
			if pos == 0 || row == Height {
				return Position{}, fmt.Errorf("stone string %#x: column %d overflows", code, col+1)
			}
			cell := Cell(col, row)
			if next() == 0 {
				first = first.Or(cell)
			} else {
				second = second.Or(cell)
			}
			row++
			count++
		}
	}
	if pos != 1 || code&1 != 0 {
		return Position{}, fmt.Errorf("stone string %#x does not end after %d columns", code, Width)
	}
	if diff := first.OnesCount() - second.OnesCount(); count != stones || diff < 0 || diff > 1 {
		return Position{}, fmt.Errorf("stone string %#x: %d first-player and %d second-player stones, want %d in turn",
			code, first.OnesCount(), second.OnesCount(), stones)
	}
	if HasFour(first) || HasFour(second) {
		return Position{}, fmt.Errorf("stone string %#x has four in a row", code)
	}
	p := Position{current: first, mask: first.Or(second), moves: stones}
	if stones&1 == 1 {
		p.current = second
	}
	return p, nil
}
