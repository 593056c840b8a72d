package server

import (
	"net/url"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/answer"
)

// queryPosition parses the pos parameter: a move string of 1-based columns, ""
// or absent for the empty board. It is refused with the engine's reason,
// and the error says how many of its first moves can be played. A board
// parameter instead gives the position as a board (see [engine.ParseBoard]:
// Kaggle's comma-separated cells, rows from the top, or a text grid); the
// move string returned is then one that reaches it.
func queryPosition(q url.Values) (string, engine.Position, error) {
	moves, err := param(q, "pos")
	if err != nil {
		return "", engine.Position{}, err
	}
	if _, ok := q["board"]; ok {
		if _, both := q["pos"]; both {
			return "", engine.Position{}, answer.Refusef("give the position as pos or as board, not both")
		}
		return queryBoard(q)
	}
	p, err := answer.Parse(moves)
	if err != nil {
		return "", engine.Position{}, err
	}
	return moves, p, nil
}

// queryBoard parses the board parameter as [queryPosition] describes.
func queryBoard(q url.Values) (string, engine.Position, error) {
	text, err := param(q, "board")
	if err != nil {
		return "", engine.Position{}, err
	}
	g, err := engine.ParseBoard(text)
	if err != nil {
		return "", engine.Position{}, answer.Refusef("%v", err)
	}
	return g.String(), g.Position(), nil
}
