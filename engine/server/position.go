package server

import (
	"net/url"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/answer"
)

// queryPosition parses the pos parameter: a move string of 1-based columns, ""
// or absent for the empty board. It is refused with the engine's reason,
// and the error says how many of its first moves can be played.
func queryPosition(q url.Values) (string, engine.Position, error) {
	moves, err := param(q, "pos")
	if err != nil {
		return "", engine.Position{}, err
	}
	p, err := answer.Parse(moves)
	if err != nil {
		return "", engine.Position{}, err
	}
	return moves, p, nil
}
