package main

// This file is the C API's calls about the library and boards; those of
// solvers are in solvercalls.go, of agents in agentcalls.go. Each exported
// function is one call (docs/python.md documents them; go build writes the
// header that declares them). The names follow C's custom, fg_ and snake
// case, not Go's: C and ctypes callers see them. Each returns a code
// (errors.go) and writes its message, if any, into msg; none lets a Go
// panic cross.

/*
#include <stdint.h>
*/
import "C"

import (
	"runtime/debug"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/buildinfo"
)

// fg_geometry writes five numbers into out: the board's width and height,
// its cells, the length of a position's description (positions.go,
// describe) and the score of a full column.
//
//export fg_geometry
func fg_geometry(out *C.int32_t, msg *C.char, msgCap C.int64_t) C.int {
	return done(msg, msgCap, func() error {
		dst, err := outInt32s(out, 5, "out")
		if err != nil {
			return err
		}
		copy(dst, []int32{board.Width, board.Height, board.Cells, infoLen, int32(board.Invalid)})
		return nil
	})
}

// fg_rule writes into out the stones in a row that win on this build
// (board.InARow: 4, or k of make python K=k).
//
//export fg_rule
func fg_rule(out *C.int32_t, msg *C.char, msgCap C.int64_t) C.int {
	return done(msg, msgCap, func() error {
		dst, err := outInt32s(out, 1, "out")
		if err != nil {
			return err
		}
		dst[0] = board.InARow
		return nil
	})
}

// fg_version writes the library's version, as c4 version prints it.
//
//export fg_version
func fg_version(out *C.char, outCap C.int64_t, msg *C.char, msgCap C.int64_t) C.int {
	return done(msg, msgCap, func() error {
		info, ok := debug.ReadBuildInfo()
		if !ok {
			info = &debug.BuildInfo{}
		}
		return putString(out, outCap, buildinfo.Version(info, version), "out")
	})
}

// putPosition writes the move string of a position and its description.
func putPosition(moves string, p board.Position, out *C.char, outCap C.int64_t, info *C.int32_t) error {
	dst, err := outInt32s(info, infoLen, "info")
	if err != nil {
		return err
	}
	if err := putString(out, outCap, moves, "out"); err != nil {
		return err
	}
	describe(p, dst)
	return nil
}

// readPosition copies the move string at moves (n bytes) and reads it
// with parse.
func readPosition(moves *C.char, n C.int64_t, parse func(string) (board.Position, error)) (string, board.Position, error) {
	s, err := goString(moves, n, "moves")
	if err != nil {
		return "", board.Position{}, err
	}
	p, err := parse(s)
	return s, p, err
}

// gamePosition is the move string and position of a game a reader
// returned, or the reader's error.
func gamePosition(g *board.Game, err error) (string, board.Position, error) {
	if err != nil {
		return "", board.Position{}, err
	}
	return g.String(), g.Position(), nil
}

// textBoard is the body of a board call that reads a string (what: n
// bytes at text) with read, which returns the position and its move
// string, and writes them as putPosition does.
func textBoard(text *C.char, n C.int64_t, what string, out *C.char, outCap C.int64_t, info *C.int32_t, read func(string) (string, board.Position, error)) error {
	s, err := goString(text, n, what)
	if err != nil {
		return err
	}
	moves, p, err := read(s)
	if err != nil {
		return err
	}
	return putPosition(moves, p, out, outCap, info)
}

// numbersBoard is the body of a board call that reads n numbers at nums
// (what) with read and writes the game's move string and position as
// putPosition does.
func numbersBoard(nums *C.int32_t, n C.int64_t, what string, out *C.char, outCap C.int64_t, info *C.int32_t, read func([]int32) (*board.Game, error)) error {
	list, err := int32s(nums, n, maxInputBytes, what)
	if err != nil {
		return err
	}
	moves, p, err := gamePosition(read(list))
	if err != nil {
		return err
	}
	return putPosition(moves, p, out, outCap, info)
}

// fg_board_moves reads a move string of 1-based columns.
//
//export fg_board_moves
func fg_board_moves(moves *C.char, n C.int64_t, out *C.char, outCap C.int64_t, info *C.int32_t, msg *C.char, msgCap C.int64_t) C.int {
	return done(msg, msgCap, func() error {
		return textBoard(moves, n, "moves", out, outCap, info, func(s string) (string, board.Position, error) {
			p, err := parseMoves(s)
			return s, p, err
		})
	})
}

// fg_board_columns plays n columns counted from base (0 or 1).
//
//export fg_board_columns
func fg_board_columns(cols *C.int32_t, n C.int64_t, base C.int32_t, out *C.char, outCap C.int64_t, info *C.int32_t, msg *C.char, msgCap C.int64_t) C.int {
	return done(msg, msgCap, func() error {
		return numbersBoard(cols, n, "columns", out, outCap, info, func(list []int32) (*board.Game, error) {
			return fromColumns(list, int(base))
		})
	})
}

// fg_board_cells reads a board of n cells, rows from the top, 0 empty, 1
// and 2 the players' stones.
//
//export fg_board_cells
func fg_board_cells(cells *C.int32_t, n C.int64_t, out *C.char, outCap C.int64_t, info *C.int32_t, msg *C.char, msgCap C.int64_t) C.int {
	return done(msg, msgCap, func() error {
		return numbersBoard(cells, n, "cells", out, outCap, info, fromCells)
	})
}

// fg_board_text reads a board drawn as text, or its cells comma-separated.
//
//export fg_board_text
func fg_board_text(text *C.char, n C.int64_t, out *C.char, outCap C.int64_t, info *C.int32_t, msg *C.char, msgCap C.int64_t) C.int {
	return done(msg, msgCap, func() error {
		return textBoard(text, n, "text", out, outCap, info, func(s string) (string, board.Position, error) {
			return gamePosition(fromText(s))
		})
	})
}

// fg_board_play plays column col0 (0-based) after a move string.
//
//export fg_board_play
func fg_board_play(moves *C.char, n C.int64_t, col0 C.int32_t, out *C.char, outCap C.int64_t, info *C.int32_t, msg *C.char, msgCap C.int64_t) C.int {
	return done(msg, msgCap, func() error {
		return textBoard(moves, n, "moves", out, outCap, info, func(s string) (string, board.Position, error) {
			p, after, err := playColumn(s, int(col0))
			return after, p, err
		})
	})
}

// fg_board_show draws the position of a move string as c4 show does.
//
//export fg_board_show
func fg_board_show(moves *C.char, n C.int64_t, out *C.char, outCap C.int64_t, msg *C.char, msgCap C.int64_t) C.int {
	return done(msg, msgCap, func() error {
		_, p, err := readPosition(moves, n, parseMoves)
		if err != nil {
			return err
		}
		return putString(out, outCap, p.String(), "out")
	})
}
