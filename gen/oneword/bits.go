package board

import "math/bits"

// Bits is a set of cells of the board in one word, column by column from the
// bottom left, Height cells and a guard bit a column. Its methods are the word
// operations of the hand-written engine, one operator each, which a board of
// more than 64 bits implements on two words.
type Bits uint64

// NoCells is the empty set.
const NoCells Bits = 0

// And is the set of the cells in both x and y.
func (x Bits) And(y Bits) Bits {
	return x & y
}

// Or is the set of the cells in x or y.
func (x Bits) Or(y Bits) Bits {
	return x | y
}

// Xor is the set of the cells in exactly one of x and y.
func (x Bits) Xor(y Bits) Bits {
	return x ^ y
}

// AndNot is the set of the cells of x not in y.
func (x Bits) AndNot(y Bits) Bits {
	return x &^ y
}

// Add is x + y word by word: a carry never leaves a column, whose guard bit stops it.
func (x Bits) Add(y Bits) Bits {
	return x + y
}

// IsZero reports whether x holds no cell.
func (x Bits) IsZero() bool {
	return x == 0
}

// OnesCount is the number of bits of x.
func (x Bits) OnesCount() int {
	return bits.OnesCount64(uint64(x))
}

// TrailingZeros is the index of the lowest bit of x, and 64 for none.
func (x Bits) TrailingZeros() int {
	return bits.TrailingZeros64(uint64(x))
}

// Lowest is the lowest bit of x alone, and no bit for none.
func (x Bits) Lowest() Bits {
	return x & -x
}

// ClearLowest is x without its lowest bit.
func (x Bits) ClearLowest() Bits {
	return x & (x - 1)
}

// Up moves every cell n rows up its column (n at most Height: a cell may reach
// the guard bit, never the next column).
func (x Bits) Up(n uint) Bits {
	return x << n
}

// Down moves every cell n rows down its column; the cells of the bottom n rows
// reach the column below's top, which the caller masks off.
func (x Bits) Down(n uint) Bits {
	return x >> n
}

// Below is every bit of the layout below x, which must hold one bit.
func (x Bits) Below() Bits {
	return x - 1
}

// Column is column col's bits (0-based), bottom cell first, guard bit included.
func (x Bits) Column(col int) uint64 {
	return uint64(x) >> (col * ColumnBits) & (1<<ColumnBits - 1)
}

// Word is x's word i: x itself for i = 0, and 0 for the high word a board of
// more than 64 bits would have.
func (x Bits) Word(i int) uint64 {
	if i == 0 {
		return uint64(x)
	}
	return 0
}

// BitsFromWords is the set of words lo and hi, the inverse of [Bits.Word]: hi must
// be 0 on a board of one word.
func BitsFromWords(lo, hi uint64) Bits {
	return Bits(lo)
}

// Packed is x as a number of KeyBits bits: x itself, and 0 above 64 bits.
func (x Bits) Packed() (lo, hi uint64) {
	return uint64(x), 0
}

// Fold is x in one word, for hashing: x itself.
func (x Bits) Fold() uint64 {
	return uint64(x)
}

// MinKey is the smaller of two keys as numbers of KeyBits bits (see [Bits.Packed]).
func MinKey(x, y Bits) Bits {
	return min(x, y)
}

// ColumnOf is the 0-based column of the cell whose single bit is move.
func ColumnOf(move Bits) int {
	return bits.TrailingZeros64(uint64(move)) / ColumnBits
}

// bottomCell is the bit of the bottom cell of column col (0-based).
func bottomCell(col int) Bits {
	return 1 << (col * ColumnBits)
}

// topCell is the bit of the top playable cell of column col (0-based).
func topCell(col int) Bits {
	return bottomCell(col).Up(Height - 1)
}
