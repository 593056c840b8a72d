package solver

import (
	"github.com/fourgen/fourgen/board"
	"github.com/fourgen/fourgen/internal/geom"
)

// setOf is x as a set of internal/geom, for its reference predicates.
func setOf(x board.Bits) geom.Set { return geom.Set{x.Word(0), x.Word(1)} }

// bitsOf is the set s of internal/geom as board.Bits.
func bitsOf(s geom.Set) board.Bits { return board.BitsFromWords(s[0], s[1]) }
