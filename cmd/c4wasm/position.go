package main

import (
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/answer"
)

// positionOf returns the position request r is about and a move string
// reaching it. r names it one of three ways: pos, a move string of 1-based
// columns ("" for the empty board); columns, the moves as column numbers
// counted from base (0 or 1, 1 when absent); or board, the cells as c4
// --board reads them (Kaggle's comma-separated cells, the top row first,
// or a text grid). A bad one is refused with the command's reason.
func positionOf(r request) (string, board.Position, error) {
	switch {
	case r.Columns != nil && r.Board != nil, r.Pos != "" && (r.Columns != nil || r.Board != nil):
		return "", board.Position{}, answer.Refusef("bad position: give one of pos, columns and board")
	case r.Columns != nil:
		return columnsPosition(r.Columns, r.Base)
	case r.Board != nil:
		g, err := board.ParseBoard(*r.Board)
		if err != nil {
			return "", board.Position{}, answer.Refusef("%v", err)
		}
		return g.String(), g.Position(), nil
	}
	if r.Base != nil {
		return "", board.Position{}, answer.Refusef("bad position: base is for columns, not for a move string")
	}
	p, err := answer.Parse(r.Pos)
	if err != nil {
		return "", board.Position{}, err
	}
	return r.Pos, p, nil
}

// columnsPosition plays cols, column numbers counted from base (nil for
// 1), from the empty board, with the checks and the reasons of
// [board.Game.Play].
func columnsPosition(cols []int, base *int) (string, board.Position, error) {
	from := 1
	if base != nil {
		from = *base
	}
	if from != 0 && from != 1 {
		return "", board.Position{}, answer.Refusef("bad base %d: want 0 or 1", from)
	}
	if len(cols) > board.Cells {
		return "", board.Position{}, answer.Refusef("bad columns: too long: %d moves, but the board has %d cells", len(cols), board.Cells)
	}
	var g board.Game
	for i, c := range cols {
		if err := g.Play(c - from); err != nil {
			r := answer.Refusef("bad columns: move %d (%d, %d-based): %v", i+1, c, from, err)
			r.ValidMoves = i
			return "", board.Position{}, r
		}
	}
	return g.String(), g.Position(), nil
}
