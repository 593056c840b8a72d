package answer

import (
	"errors"
	"fmt"
)

// Refusal is a request refused for what it asks: a bad position, agent or
// seed, or a move asked for after the game ended.
type Refusal struct {
	Msg string
	// ValidMoves is, for a refused move string, how many of its first
	// moves can be played; -1 for other refusals.
	ValidMoves int
}

func (r *Refusal) Error() string { return r.Msg }

// Refusef returns a [Refusal] without ValidMoves.
func Refusef(format string, a ...any) *Refusal {
	return &Refusal{Msg: fmt.Sprintf(format, a...), ValidMoves: -1}
}

// Error is the JSON answer of a failed request.
type Error struct {
	Error string `json:"error"`
	// ValidMoves is, for a refused position, how many of its first moves
	// can be played: the page shows that part of a bad link.
	ValidMoves *int `json:"validMoves,omitempty"`
}

// ErrorOf returns the JSON answer of err, with ValidMoves when err is a
// [Refusal] of a move string.
func ErrorOf(err error) Error {
	e := Error{Error: err.Error()}
	if r, ok := errors.AsType[*Refusal](err); ok && r.ValidMoves >= 0 {
		n := r.ValidMoves
		e.ValidMoves = &n
	}
	return e
}
