package main

// This file reads positions in each form the Python package accepts (move
// strings, lists of columns, cells, text) with the engine's own parsers,
// so that their errors are worded as c4's, and describes a position for
// the package's Board.

import "github.com/fourgen/fourgen/engine/board"

// maxInputBytes bounds every string or array a call reads, before it is
// copied: the longest legal input (a board as text) is far shorter.
const maxInputBytes = 1 << 20

// infoLen is the number of int32 of a position's description ([describe]).
const infoLen = 3 + board.Width + board.Cells

// describe writes p's description into info: the stones on the board, the
// player to move (1 or 2), the winner (0 for none), then the stones in each
// column, left to right, then the cells as [board.Position.Cells] orders
// them (rows from the top; 0 empty, 1 the first player's, 2 the second's).
func describe(p board.Position, info []int32) {
	info[0], info[1], info[2] = int32(p.Moves()), int32(p.ToMove()), int32(p.Winner())
	for col := range board.Width {
		info[3+col] = int32(p.Height(col))
	}
	for i, v := range p.Cells() {
		info[3+board.Width+i] = int32(v)
	}
}

// parseMoves plays a move string of 1-based columns, as c4 does.
func parseMoves(moves string) (board.Position, error) {
	p, err := board.Parse(moves)
	return p, invalid(err)
}

// fromColumns plays a list of columns, counted from base (0 or 1), with
// [board.FromColumns], as the WebAssembly engine does.
func fromColumns(cols []int32, base int) (*board.Game, error) {
	ints := make([]int, len(cols))
	for i, c := range cols {
		ints[i] = int(c)
	}
	g, err := board.FromColumns(ints, base)
	return g, invalid(err)
}

// fromCells reads a board of cells as Kaggle ConnectX's observation.board
// holds them ([board.FromBoard]).
func fromCells(cells []int32) (*board.Game, error) {
	ints := make([]int, len(cells))
	for i, v := range cells {
		ints[i] = int(v)
	}
	g, err := board.FromBoard(ints)
	return g, invalid(err)
}

// fromText reads a board drawn as text or a comma-separated list of cells
// ([board.ParseBoard]), as c4's --board does.
func fromText(text string) (*board.Game, error) {
	g, err := board.ParseBoard(text)
	return g, invalid(err)
}

// playColumn plays column col0 (0-based) after moves and returns the
// position and the longer move string.
func playColumn(moves string, col0 int) (board.Position, string, error) {
	g, err := board.ParseGame(moves)
	if err != nil {
		return board.Position{}, "", invalid(err)
	}
	if err := g.Play(col0); err != nil {
		return board.Position{}, "", invalid(err)
	}
	return g.Position(), g.String(), nil
}

// checkLen refuses an input of n items (bytes or numbers) beyond what any
// call reads.
func checkLen(n int64, what string) error {
	if n < 0 || n > maxInputBytes {
		return invalidf("%s of %d: want 0 to %d", what, n, maxInputBytes)
	}
	return nil
}
