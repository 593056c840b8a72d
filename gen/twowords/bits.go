package board

import "math/bits"

// Bits is a set of cells of the board in two words, column by column from the
// bottom left, Height cells and a guard bit a column: columns 1 to LowColumns
// from bit 0 of lo, the others from bit 0 of hi. A shift is exact on every cell
// for a set of cells of the board; the bits off the board may then hold
// anything, which the kernel masks off as the kernel of one word does.
type Bits struct {
	lo uint64 // columns 1 to LowColumns
	hi uint64 // the columns after them
}

// NoCells is the empty set.
var NoCells Bits

// lowBits is the number of bits of the columns of the low word.
const lowBits = LowColumns * ColumnBits

// And is the set of the cells in both x and y.
func (x Bits) And(y Bits) Bits {
	return Bits{x.lo & y.lo, x.hi & y.hi}
}

// Or is the set of the cells in x or y.
func (x Bits) Or(y Bits) Bits {
	return Bits{x.lo | y.lo, x.hi | y.hi}
}

// Xor is the set of the cells in exactly one of x and y.
func (x Bits) Xor(y Bits) Bits {
	return Bits{x.lo ^ y.lo, x.hi ^ y.hi}
}

// AndNot is the set of the cells of x not in y.
func (x Bits) AndNot(y Bits) Bits {
	return Bits{x.lo &^ y.lo, x.hi &^ y.hi}
}

// Add is x + y word by word: a carry never leaves a column, whose guard bit stops it.
func (x Bits) Add(y Bits) Bits {
	return Bits{x.lo + y.lo, x.hi + y.hi}
}

// IsZero reports whether x holds no cell.
func (x Bits) IsZero() bool {
	return x.lo|x.hi == 0
}

// OnesCount is the number of bits of x.
func (x Bits) OnesCount() int {
	return bits.OnesCount64(x.lo) + bits.OnesCount64(x.hi)
}

// TrailingZeros is the index of the lowest bit of x, 64 and up in the high word,
// and 128 for none.
func (x Bits) TrailingZeros() int {
	if x.lo != 0 {
		return bits.TrailingZeros64(x.lo)
	}
	return 64 + bits.TrailingZeros64(x.hi)
}

// Lowest is the lowest bit of x alone, and no bit for none.
func (x Bits) Lowest() Bits {
	if x.lo != 0 {
		return Bits{x.lo & -x.lo, 0}
	}
	return Bits{0, x.hi & -x.hi}
}

// ClearLowest is x without its lowest bit.
func (x Bits) ClearLowest() Bits {
	if x.lo != 0 {
		return Bits{x.lo & (x.lo - 1), x.hi}
	}
	return Bits{0, x.hi & (x.hi - 1)}
}

// Up moves every cell n rows up its column (n at most Height: a cell may reach
// the guard bit, never the next column).
func (x Bits) Up(n uint) Bits {
	return Bits{x.lo << n, x.hi << n}
}

// Down moves every cell n rows down its column; the cells of the bottom n rows
// reach the column below's top, which the caller masks off.
func (x Bits) Down(n uint) Bits {
	return Bits{x.lo >> n, x.hi >> n}
}

// shl moves every cell n bits up the column-major layout, as << does on a
// board of one word: the cells of the last columns of lo cross into hi. The
// generated kernel calls it with a constant n, for which the compiler keeps
// one branch.
func (x Bits) shl(n uint) Bits {
	if n <= lowBits {
		return Bits{x.lo << n, x.hi<<n | x.lo>>(lowBits-n)}
	}
	return Bits{x.lo << n, x.hi<<n | x.lo<<(n-lowBits)}
}

// shr moves every cell n bits down the column-major layout, as >> does on a
// board of one word: the cells of the first columns of hi cross into lo.
func (x Bits) shr(n uint) Bits {
	if n <= lowBits {
		return Bits{x.lo>>n | x.hi<<(lowBits-n), x.hi >> n}
	}
	return Bits{x.lo>>n | x.hi>>(n-lowBits), x.hi >> n}
}

// Below is every bit of the layout below x, which must hold one bit.
func (x Bits) Below() Bits {
	if x.lo != 0 {
		return Bits{x.lo - 1, 0}
	}
	return Bits{^uint64(0), x.hi - 1}
}

// Column is column col's bits (0-based), bottom cell first, guard bit included.
func (x Bits) Column(col int) uint64 {
	if col < LowColumns {
		return x.lo >> (col * ColumnBits) & (1<<ColumnBits - 1)
	}
	return x.hi >> ((col - LowColumns) * ColumnBits) & (1<<ColumnBits - 1)
}

// Word is x's word i: lo for i = 0, hi for i = 1.
func (x Bits) Word(i int) uint64 {
	if i == 0 {
		return x.lo
	}
	return x.hi
}

// BitsFromWords is the set of words lo and hi, the inverse of [Bits.Word].
func BitsFromWords(lo, hi uint64) Bits {
	return Bits{lo, hi}
}

// Packed is x as a number of KeyBits bits, low word first: hi's columns follow
// lo's LowColumns×ColumnBits bits.
func (x Bits) Packed() (lo, hi uint64) {
	return x.lo | x.hi<<lowBits, x.hi >> (64 - lowBits)
}

// Fold is x's two words mixed into one, for hashing.
func (x Bits) Fold() uint64 {
	return x.lo ^ x.hi*0x9e3779b97f4a7c15
}

// MinKey is the smaller of two keys as numbers of KeyBits bits (see [Bits.Packed]).
func MinKey(x, y Bits) Bits {
	if y.hi < x.hi || y.hi == x.hi && y.lo < x.lo {
		return y
	}
	return x
}

// ColumnOf is the 0-based column of the cell whose single bit is move.
func ColumnOf(move Bits) int {
	if move.lo != 0 {
		return bits.TrailingZeros64(move.lo) / ColumnBits
	}
	return LowColumns + bits.TrailingZeros64(move.hi)/ColumnBits
}

// bottomCell is the bit of the bottom cell of column col (0-based).
func bottomCell(col int) Bits {
	if col < LowColumns {
		return Bits{1 << (col * ColumnBits), 0}
	}
	return Bits{0, 1 << ((col - LowColumns) * ColumnBits)}
}

// topCell is the bit of the top playable cell of column col (0-based).
func topCell(col int) Bits {
	return bottomCell(col).Up(Height - 1)
}
