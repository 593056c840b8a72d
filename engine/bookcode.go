package engine

import (
	"fmt"
	"math/bits"
)

// Book positions are keyed by their stone string, the encoding of John
// Tromp's and BitBully's opening databases: column by column from the left,
// each column's stones bottom to top, a first player's stone written 10 and
// a second player's 11, then a 0 closing the column, and one more 0 after
// the last column. A position of n stones takes 2n+Width+1 bits, so books
// of up to maxBookPlies stones fit 32-bit codes.

// maxBookPlies is the deepest book whose stone strings fit in 32 bits.
const maxBookPlies = (32 - Width - 1) / 2

// StoneString is the stone string of p, in its low 2·moves+Width+1 bits.
func StoneString(p Position) uint64 {
	first := p.current // stones of the first player
	if p.moves&1 == 1 {
		first = p.current ^ p.mask
	}
	var code uint64
	for col := range Width {
		column := p.mask & columnMask[col]
		for column != 0 {
			cell := column & -column // the lowest stone left in the column
			column ^= cell
			code = code<<2 | 2
			if first&cell == 0 {
				code |= 1 // a second player's stone
			}
		}
		code <<= 1
	}
	return code << 1
}

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
	var first, second uint64
	pos := length // bits not yet read, counted from the top
	next := func() uint64 { pos--; return code >> pos & 1 }
	count := 0
	for col := range Width {
		row := 0
		for pos > 0 && next() == 1 {
			if pos == 0 || row == Height {
				return Position{}, fmt.Errorf("stone string %#x: column %d overflows", code, col+1)
			}
			cell := uint64(1) << (col*columnBits + row)
			if next() == 0 {
				first |= cell
			} else {
				second |= cell
			}
			row++
			count++
		}
	}
	if pos != 1 || code&1 != 0 {
		return Position{}, fmt.Errorf("stone string %#x does not end after %d columns", code, Width)
	}
	if diff := bits.OnesCount64(first) - bits.OnesCount64(second); count != stones || diff < 0 || diff > 1 {
		return Position{}, fmt.Errorf("stone string %#x: %d first-player and %d second-player stones, want %d in turn",
			code, bits.OnesCount64(first), bits.OnesCount64(second), stones)
	}
	if hasFour(first) || hasFour(second) {
		return Position{}, fmt.Errorf("stone string %#x has four in a row", code)
	}
	p := Position{current: first, mask: first | second, moves: stones}
	if stones&1 == 1 {
		p.current = second
	}
	return p, nil
}
