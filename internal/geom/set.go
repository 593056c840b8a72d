package geom

import (
	"fmt"
	"math/bits"
)

// Set is a set of bits of the layout of any supported board, one or two
// words: bits 0 to 63 in Set[0] and bits 64 to 127 in Set[1]. A board
// that fits one word leaves Set[1] empty. The zero value is the empty set.
type Set [2]uint64

// bitSet is the set of the single bit b (0 to 127).
func bitSet(b int) Set {
	var s Set
	s[b/64] = 1 << (b % 64)
	return s
}

// Has reports whether bit b (0 to 127) is in the set.
func (s Set) Has(b int) bool { return b >= 0 && b < 128 && s[b/64]>>(b%64)&1 == 1 }

// Or is the union of the two sets.
func (s Set) Or(t Set) Set { return Set{s[0] | t[0], s[1] | t[1]} }

// And is the intersection of the two sets.
func (s Set) And(t Set) Set { return Set{s[0] & t[0], s[1] & t[1]} }

// AndNot is the set of the bits of s not in t.
func (s Set) AndNot(t Set) Set { return Set{s[0] &^ t[0], s[1] &^ t[1]} }

// IsZero reports whether the set is empty.
func (s Set) IsZero() bool { return s == Set{} }

// OnesCount is the number of bits in the set.
func (s Set) OnesCount() int { return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) }

// word is the set as one word, for the one-word API; a set with bits
// beyond the first word is a caller's mistake on a board of two words.
func (s Set) word() uint64 {
	if s[1] != 0 {
		panic(fmt.Sprintf("geom: the set %#x needs two words: use the Set form of this method", s))
	}
	return s[0]
}
