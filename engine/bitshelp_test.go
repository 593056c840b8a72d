package engine

import (
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/geom"
)

// bitsOf is the set s of internal/geom as board.Bits.
func bitsOf(s geom.Set) board.Bits { return board.BitsFromWords(s[0], s[1]) }
