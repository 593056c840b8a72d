package board

import (
	"math/bits"

	"github.com/fourgen/fourgen/internal/geom"
)

// toSet is x as a set of internal/geom, for its reference predicates.
func toSet(x Bits) geom.Set { return geom.Set{x.Word(0), x.Word(1)} }

// fromSet is the set s of internal/geom as Bits.
func fromSet(s geom.Set) Bits { return BitsFromWords(s[0], s[1]) }

// bitOf is the set of bit b of the layout alone (0 to 127: bits 64 and up
// are the high word's, as in geom.Set).
func bitOf(b int) Bits {
	if b < 64 {
		return BitsFromWords(1<<b, 0)
	}
	return BitsFromWords(0, 1<<(b-64))
}

// cellSet is the set of one cell of the reference geometry as Bits.
func cellSet(col, row int) Bits { return fromSet(refGeom.SetOf(geom.Cell{Col: col, Row: row})) }

// belowKeyBits reports whether key, as a number of KeyBits bits (see
// [Bits.Packed]), is below 2^KeyBits.
func belowKeyBits(key Bits) bool {
	lo, hi := key.Packed()
	kb := KeyBits // a variable: the shifts below are negative constants at some sizes
	if kb >= 64 {
		return hi>>(kb-64) == 0
	}
	return hi == 0 && lo>>kb == 0
}

// minKey is the smaller of two keys as numbers of KeyBits bits, computed
// from [Bits.Packed] apart from the engine's MinKey.
func minKey(x, y Bits) Bits {
	xlo, xhi := x.Packed()
	ylo, yhi := y.Packed()
	if yhi < xhi || yhi == xhi && ylo < xlo {
		return y
	}
	return x
}

// randomBits is a set of random bits, both words on a board of two.
func randomBits(rng interface{ Uint64() uint64 }) Bits {
	if Words == 1 {
		return BitsFromWords(rng.Uint64(), 0)
	}
	return BitsFromWords(rng.Uint64(), rng.Uint64())
}

// allBits is every bit of the layout's words, on and off the board.
func allBits() Bits { return BitsFromWords(^uint64(0), fillHigh(^uint64(0))) }

// fillHigh is hi on a board of two words and 0 on a board of one, whose
// BitsFromWords wants no high word.
func fillHigh(hi uint64) uint64 {
	if Words == 1 {
		return 0
	}
	return hi
}

// fuzzBits is the set of a fuzzed word: the word itself on a board of one
// word; on a board of two the high word is the low one reversed, so that
// the corpus of the one-word fuzz tests reaches both words.
func fuzzBits(x uint64) Bits { return BitsFromWords(x, fillHigh(bits.Reverse64(x))) }
