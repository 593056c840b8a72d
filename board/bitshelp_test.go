package board

import "github.com/fourgen/fourgen/internal/geom"

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
