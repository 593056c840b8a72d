package main

import (
	"errors"
	"slices"
	"strings"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/answer"
)

// positionOf returns the position request r is about and a move string
// reaching it. r names it one of four ways: pos, a move string of 1-based
// columns in either notation c4 reads ("4453", "4,4,5,3"; "" for the
// empty board); columns, the moves as column numbers counted from base (0
// or 1, 1 when absent); board, the cells as c4 --board reads them
// (Kaggle's comma-separated cells, the top row first, or a text grid); or
// text, any of the text forms, told apart by textPosition. A bad one is
// refused with the command's reason.
func positionOf(r request) (string, board.Position, error) {
	given := 0
	for _, ok := range []bool{r.Pos != "", r.Columns != nil, r.Board != nil, r.Text != nil} {
		if ok {
			given++
		}
	}
	switch {
	case given > 1:
		return "", board.Position{}, answer.Refusef("bad position: give one of pos, columns, board and text")
	case r.Columns != nil:
		return columnsPosition(r.Columns, r.Base)
	case r.Board != nil:
		return boardPosition(*r.Board)
	case r.Text != nil && r.Base == nil:
		if isBoardText(*r.Text) {
			return boardPosition(*r.Text)
		}
		r.Pos = *r.Text
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

// isBoardText reports whether text, a position as the npm package takes
// it, is a board rather than a move string: a text grid (it has a line
// break), Kaggle's cells in brackets, or as many comma-separated cells as
// the board has, one of them 0 (which no 1-based move string holds).
func isBoardText(text string) bool {
	if strings.ContainsAny(text, "\n[") {
		return true
	}
	items := strings.Split(text, ",")
	return len(items) == board.Cells && slices.ContainsFunc(items, func(s string) bool { return strings.TrimSpace(s) == "0" })
}

// boardPosition reads a board as c4 --board does.
func boardPosition(text string) (string, board.Position, error) {
	g, err := board.ParseBoard(text)
	if err != nil {
		return "", board.Position{}, answer.Refusef("%v", err)
	}
	return g.String(), g.Position(), nil
}

// columnsPosition plays cols, column numbers counted from base (nil for
// 1), from the empty board, with [board.FromColumns].
func columnsPosition(cols []int, base *int) (string, board.Position, error) {
	from := 1
	if base != nil {
		from = *base
	}
	g, err := board.FromColumns(cols, from)
	if err != nil {
		r := answer.Refusef("bad columns: %v", err)
		if me, ok := errors.AsType[*board.MoveError](err); ok {
			r.ValidMoves = me.Index
		}
		return "", board.Position{}, r
	}
	return g.String(), g.Position(), nil
}
