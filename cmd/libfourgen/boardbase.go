package main

// This file is the C API's reading of a move string counted from a base
// (1 as c4 writes them, 0 as c4 --zero-based reads them), for the Python
// package's Board(..., base=0).

/*
#include <stdint.h>
*/
import "C"

import "github.com/fourgen/fourgen/engine/board"

// parseMovesAs plays a move string of columns counted from base (0 or 1)
// and returns the game, whose String is the 1-based move string.
func parseMovesAs(moves string, base int) (*board.Game, error) {
	if base != 0 && base != 1 {
		return nil, invalidf("columns counted from %d: want 0 or 1", base)
	}
	g, err := board.ParseGameAs(moves, base == 0)
	if err != nil {
		return nil, invalid(err)
	}
	if base == 0 {
		// The 1-based move string of the same moves.
		g1, err := board.ParseGame("")
		if err != nil {
			return nil, err
		}
		for _, c := range g.Columns() {
			if err := g1.Play(c); err != nil {
				return nil, internalError{err}
			}
		}
		g = g1
	}
	return g, nil
}

// fg_board_moves_base reads a move string of columns counted from base (0
// or 1) and writes the 1-based move string of its moves and the
// position's description, as fg_board_moves does.
//
//export fg_board_moves_base
func fg_board_moves_base(moves *C.char, n C.int64_t, base C.int32_t, out *C.char, outCap C.int64_t, info *C.int32_t, msg *C.char, msgCap C.int64_t) C.int {
	return done(msg, msgCap, func() error {
		return textBoard(moves, n, "moves", out, outCap, info, func(s string) (string, board.Position, error) {
			return gamePosition(parseMovesAs(s, int(base)))
		})
	})
}
