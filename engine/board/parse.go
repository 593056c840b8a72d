package board

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// MoveError explains why a move string was refused.
type MoveError struct {
	Index  int    // 0-based index of the offending move in the string (its byte offset in a digit string)
	Move   string // the offending move as written, quoted unless a column number
	Reason string // what is wrong with it
}

func (e *MoveError) Error() string {
	if e.Move == "" {
		return fmt.Sprintf("move %d: %s", e.Index+1, e.Reason)
	}
	return fmt.Sprintf("move %d (%s): %s", e.Index+1, e.Move, e.Reason)
}

// Parse plays a move string of 1-based columns from the empty board: a
// digit a move ("4453") on a board of up to nine columns, or column numbers
// separated by commas ("4,4,5,3", "10,1,12") on a board of any width (see
// [ReadMoves]). It refuses what ReadMoves refuses, a move into a full
// column and a move after the game is won, naming the offending move.
func Parse(moves string) (Position, error) {
	p, _, err := ParseAs(moves, false)
	return p, err
}

// PlayString plays a move string of 1-based columns, in either notation of
// [Parse], from p. On error p is left at the last legal position before the
// offending move.
func (p *Position) PlayString(moves string) error {
	_, err := p.playString(moves, false)
	return err
}

// PlayChecked plays column col0, counted from 0 like every column argument
// of the engine (col0 3 is the centre column, "4" in a move string). It
// refuses a column off the board, a full column, a move after the game is
// won and a move on a full board. Its errors name the column as players
// and move strings do, from 1, and say so: "column 4 (1-based) is full"
// for col0 3.
func (p *Position) PlayChecked(col0 int) error {
	if reason := p.refusal(col0, Notation{}, " (1-based)"); reason != "" {
		return errors.New(reason)
	}
	p.Play(col0)
	return nil
}

// refusal says why column col0 (0-based) cannot be played in p, naming it
// as n writes it followed by mark, or returns "" when it can.
func (p *Position) refusal(col0 int, n Notation, mark string) string {
	switch {
	case p.IsWon():
		return p.WonError().Error()
	case p.IsFull():
		return "the board is full"
	case col0 < 0 || col0 >= Width:
		return fmt.Sprintf("column %s%s is off the board %s", n.Column(col0), mark, n.want())
	case !p.CanPlay(col0):
		return fmt.Sprintf("column %s%s is full", n.Column(col0), mark)
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
// underneath, each cell as wide as the widest number.
func (p Position) String() string {
	first := p.current
	if p.moves&1 == 1 {
		first = p.current.Xor(p.mask)
	}
	cell := len(strconv.Itoa(Width)) + 1 // a space and the widest column number
	var b strings.Builder
	for row := Height - 1; row >= 0; row-- {
		for col := range Width {
			switch {
			case first.HasCell(col, row):
				fmt.Fprintf(&b, "%*s", cell, "x")
			case p.mask.HasCell(col, row):
				fmt.Fprintf(&b, "%*s", cell, "o")
			default:
				fmt.Fprintf(&b, "%*s", cell, ".")
			}
		}
		b.WriteString("\n")
	}
	for col := range Width {
		fmt.Fprintf(&b, "%*d", cell, col+1)
	}
	b.WriteString("\n")
	return b.String()
}
