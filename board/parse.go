package board

import (
	"errors"
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
		reason := fmt.Sprintf("too long: %d moves, but the board has %d cells", len(moves), Cells)
		if p.moves > 0 {
			reason = fmt.Sprintf("too long: %d moves after %d, but the board has %d cells", len(moves), p.moves, Cells)
		}
		return &MoveError{Index: room, Reason: reason}
	}
	for i := 0; i < len(moves); i++ {
		c := moves[i]
		col, ok := ColumnOfChar(c)
		if !ok {
			return &MoveError{Index: i, Move: quoteRune(moves[i:]), Reason: fmt.Sprintf("not a column (want 1 to %d)", Width)}
		}
		// The move string is 1-based, so is the reason: "column 4 is full".
		if reason := p.refusal(col, ""); reason != "" {
			return &MoveError{Index: i, Move: string(c), Reason: reason}
		}
		p.Play(col)
	}
	return nil
}

// PlayChecked plays column col0, counted from 0 like every column argument
// of the engine (col0 3 is the centre column, "4" in a move string). It
// refuses a column off the board, a full column, a move after the game is
// won and a move on a full board. Its errors name the column as players
// and move strings do, from 1, and say so: "column 4 (1-based) is full"
// for col0 3.
func (p *Position) PlayChecked(col0 int) error {
	if reason := p.refusal(col0, " (1-based)"); reason != "" {
		return errors.New(reason)
	}
	p.Play(col0)
	return nil
}

// refusal says why column col0 (0-based) cannot be played in p, naming it
// 1-based followed by mark, or returns "" when it can.
func (p *Position) refusal(col0 int, mark string) string {
	switch {
	case p.IsWon():
		return fmt.Sprintf("the game is already won by player %d", 3-p.ToMove())
	case p.IsFull():
		return "the board is full"
	case col0 < 0 || col0 >= Width:
		return fmt.Sprintf("column %d%s is off the board (want 1 to %d)", col0+1, mark, Width)
	case !p.CanPlay(col0):
		return fmt.Sprintf("column %d%s is full", col0+1, mark)
	}
	return ""
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
		first = p.current.Xor(p.mask)
	}
	var b strings.Builder
	for row := Height - 1; row >= 0; row-- {
		for col := range Width {
			cell := Cell(col, row)
			switch {
			case !first.And(cell).IsZero():
				b.WriteString(" x")
			case !p.mask.And(cell).IsZero():
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
