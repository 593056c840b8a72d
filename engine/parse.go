package engine

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// MoveError explains why a move string was refused.
type MoveError struct {
	Index  int    // 0-based byte offset of the offending move in the string
	Move   string // the offending character, quoted as found
	Reason string // what is wrong with it
}

func (e *MoveError) Error() string {
	if e.Move == "" {
		return fmt.Sprintf("move %d: %s", e.Index+1, e.Reason)
	}
	return fmt.Sprintf("move %d (%s): %s", e.Index+1, e.Move, e.Reason)
}

// Parse plays a move string of 1-based columns ("4453") from the empty
// board. It refuses any character that is not a column digit, a move into a
// full column, a move after the game is won and a string longer than the
// board has cells, naming the offending move.
func Parse(moves string) (Position, error) {
	var p Position
	if err := p.PlayString(moves); err != nil {
		return Position{}, err
	}
	return p, nil
}

// PlayString plays a move string of 1-based columns from p. On error p is
// left at the last legal position before the offending move.
func (p *Position) PlayString(moves string) error {
	if room := Cells - p.moves; len(moves) > room {
		return &MoveError{Index: room, Reason: fmt.Sprintf("too long: %d moves, but only %d cells are empty", len(moves), room)}
	}
	for i := 0; i < len(moves); i++ {
		c := moves[i]
		if c < '1' || c >= '1'+Width {
			return &MoveError{Index: i, Move: quoteRune(moves[i:]), Reason: fmt.Sprintf("not a column (want 1 to %d)", Width)}
		}
		if err := p.PlayChecked(int(c - '1')); err != nil {
			return &MoveError{Index: i, Move: string(c), Reason: err.Error()}
		}
	}
	return nil
}

// PlayChecked plays column col (0-based), refusing a column off the board, a
// full column, a move after the game is won and a move on a full board.
func (p *Position) PlayChecked(col int) error {
	switch {
	case p.IsWon():
		return fmt.Errorf("the game is already won by player %d", 3-p.ToMove())
	case p.IsFull():
		return fmt.Errorf("the board is full")
	case col < 0 || col >= Width:
		return fmt.Errorf("column %d is off the board (want 1 to %d)", col+1, Width)
	case !p.CanPlay(col):
		return fmt.Errorf("column %d is full", col+1)
	}
	p.Play(col)
	return nil
}

// quoteRune quotes the first character of s, or its first byte if s does
// not start with valid UTF-8.
func quoteRune(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError && size <= 1 {
		return fmt.Sprintf("byte %#02x", s[0])
	}
	return fmt.Sprintf("%q", r)
}

// String draws the board in ASCII, top row first: x for the first player's
// stones, o for the second's, . for an empty cell, and the column numbers
// underneath.
func (p Position) String() string {
	first := p.current
	if p.moves&1 == 1 {
		first = p.current ^ p.mask
	}
	var b strings.Builder
	for row := Height - 1; row >= 0; row-- {
		for col := range Width {
			cell := uint64(1) << (col*columnBits + row)
			switch {
			case first&cell != 0:
				b.WriteString(" x")
			case p.mask&cell != 0:
				b.WriteString(" o")
			default:
				b.WriteString(" .")
			}
		}
		b.WriteString("\n")
	}
	for col := range Width {
		fmt.Fprintf(&b, " %d", col+1)
	}
	b.WriteString("\n")
	return b.String()
}
