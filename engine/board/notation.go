// This file reads and writes move strings in their notations: digits, one
// a move ("4453"), for boards of up to nine columns, and column numbers
// separated by commas ("10,1,12"), for boards of any width; columns counted
// from 1, or from 0 as the C++ solvers' and BitBully's test files count them.

package board

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Notation is how a move string writes a game's columns. The zero value is
// the usual one: a digit a move, the leftmost column 1 ("4453").
type Notation struct {
	// Commas writes column numbers separated by commas ("4,4,5,3"), which
	// any width can; without it, one digit a move, which only boards of up
	// to nine columns (ten counted from 0) can.
	Commas bool
	// ZeroBased counts the columns from 0, the leftmost column 0 ("3342"),
	// as the C++ solvers' test files and BitBully do.
	ZeroBased bool
}

// maxDigitColumns is the widest board a move string of one digit a move
// writes, its columns counted from 1.
const maxDigitColumns = 9

// digitsFit reports whether a digit a move writes every column of the
// board in n's count: nine columns from 1, ten from 0.
func (n Notation) digitsFit() bool {
	return Width <= maxDigitColumns || n.ZeroBased && Width <= maxDigitColumns+1
}

// first is the number that names the leftmost column in n.
func (n Notation) first() int {
	if n.ZeroBased {
		return 0
	}
	return 1
}

// Column writes 0-based column col in n: "4" for col 3, "3" counted from 0.
func (n Notation) Column(col int) string { return strconv.Itoa(col + n.first()) }

// Format writes the 0-based columns cols, which must be on the board, as a
// move string in n; [ParseAs] reads it back. On a board too wide for a
// digit a move it separates the columns with commas, whatever n says.
func (n Notation) Format(cols []int) string { return n.Append("", cols...) }

// Append appends the 0-based columns cols to moves, a move string in n.
// In the comma form a string of one column of two digits ends with a
// comma ("10,"), as [ReadMoves] reads one move of column 10.
func (n Notation) Append(moves string, cols ...int) string {
	b := []byte(moves)
	commas := n.Commas || !n.digitsFit()
	for _, col := range cols {
		if commas {
			if len(b) > 0 && b[len(b)-1] != ',' {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(col+n.first()), 10)
		} else {
			b = append(b, byte('0'+col+n.first()))
		}
	}
	if commas && len(b) > 1 && !bytes.Contains(b, []byte(",")) {
		b = append(b, ',')
	}
	return string(b)
}

// String names the notation: "1-based digits", "0-based, separated by commas".
func (n Notation) String() string {
	base := "1-based"
	if n.ZeroBased {
		base = "0-based"
	}
	if n.Commas {
		return base + " column numbers separated by commas"
	}
	return base + " digits"
}

// Usual is the notation of move strings the engine writes by itself: a
// digit a move from 1 on boards of up to nine columns, commas on wider ones.
func Usual() Notation { return Notation{Commas: Width > maxDigitColumns} }

// ReadMoves reads a move string into its 0-based columns, without playing
// them, and returns the notation it is written in. A string with a comma,
// or any string on a board of more than nine columns (ten with zeroBased),
// is read as column numbers separated by commas, one of which may end it
// ("10," is one move); any other as a digit a move. zeroBased counts the
// columns from 0. It refuses an empty item, a leading zero, a character
// that is not a digit (a sign, a space), a column off the board, a string
// of two or more digits without a comma on a board too wide for a digit a
// move ("10", "01": naming the comma form, "10," and --zero-based) and a
// string of more moves than the board has cells, with a [MoveError]
// naming the offending move and, but for a string too long, the columns
// before it.
func ReadMoves(moves string, zeroBased bool) ([]int, Notation, error) {
	return readMoves(moves, zeroBased, Cells)
}

// readMoves is [ReadMoves] with room, the cells still empty, as the most
// moves it reads.
func readMoves(moves string, zeroBased bool, room int) ([]int, Notation, error) {
	n := notationOf(moves, zeroBased)
	if err := n.refuseNumber(moves); err != nil {
		return nil, n, err
	}
	cols, err := n.read(moves, room)
	return cols, n, err
}

// refuseNumber refuses moves, a string read in n as [ReadMoves] guesses
// it, when it is two or more digits without a comma on a board too wide
// for a digit a move: such a string ("10", "01", "4453") is as likely a
// digit string whose --zero-based was forgotten as one column, so it is
// read as neither. One move of column 10 is written "10,".
func (n Notation) refuseNumber(moves string) error {
	if n.digitsFit() || len(moves) < 2 || strings.Contains(moves, ",") {
		return nil
	}
	for i := 0; i < len(moves); i++ {
		if moves[i] < '0' || moves[i] > '9' {
			return nil // refused as it is by read
		}
	}
	return &MoveError{Index: 0, Move: quoteItem(moves), Reason: n.digitString(moves, errors.New("digits without a comma")).Error()}
}

// notationOf is the notation [ReadMoves] reads moves in: commas when it has
// one or the board is too wide for digits.
func notationOf(moves string, zeroBased bool) Notation {
	n := Notation{ZeroBased: zeroBased}
	n.Commas = strings.Contains(moves, ",") || !n.digitsFit()
	return n
}

// read reads moves, written in n (with commas, whatever n says, on a board
// too wide for digits), as [ReadMoves] does, with room as the most moves.
// In the comma form one comma may end the string ("10," is one move).
func (n Notation) read(moves string, room int) ([]int, error) {
	if moves == "" {
		return nil, nil
	}
	commas := n.Commas || !n.digitsFit()
	count := len(moves)
	if commas {
		if len(moves) > 1 && moves[len(moves)-1] == ',' && moves[len(moves)-2] != ',' {
			moves = moves[:len(moves)-1] // a trailing comma ends the last column
		}
		count = strings.Count(moves, ",") + 1
	}
	if count > room {
		return nil, tooLong(count, room)
	}
	cols := make([]int, 0, count)
	if !commas {
		for i := 0; i < len(moves); i++ {
			col := int(moves[i]) - '0' - n.first()
			if moves[i] < '0' || moves[i] > '9' || col < 0 || col >= Width {
				return cols, &MoveError{Index: i, Move: quoteRune(moves[i:]), Reason: "not a column " + n.want()}
			}
			cols = append(cols, col)
		}
		return cols, nil
	}
	for i, item := range strings.Split(moves, ",") {
		col, err := n.readColumn(item)
		if err != nil {
			if !n.digitsFit() && count == 1 {
				err = n.digitString(moves, err)
			}
			return cols, &MoveError{Index: i, Move: quoteItem(item), Reason: err.Error()}
		}
		cols = append(cols, col)
	}
	return cols, nil
}

// Read reads moves, written in n (with commas, whatever n says, on a board
// too wide for digits), into their 0-based columns without playing them,
// with the errors of [ReadMoves].
func (n Notation) Read(moves string) ([]int, error) { return n.read(moves, Cells) }

// Parse plays moves, written in n, from the empty board, with the errors
// of [ParseAs]. Unlike ParseAs it does not guess the notation from the
// string: a prefix of a move string with commas may have none ("10" of
// "10,1"), and is still read as n says.
func (n Notation) Parse(moves string) (Position, error) {
	var p Position
	if err := p.play(moves, n); err != nil {
		return Position{}, err
	}
	return p, nil
}

// want says which numbers name a column in n: "(want 1 to 7)".
func (n Notation) want() string {
	return fmt.Sprintf("(want %d to %d)", n.first(), Width-1+n.first())
}

// maxItemBytes is the longest number a column of the comma form is
// written with: two digits, for up to 99 columns.
const maxItemBytes = 2

// readColumn reads one item of the comma form: a column number in n.
func (n Notation) readColumn(item string) (int, error) {
	if item == "" {
		return 0, fmt.Errorf("no column between two commas, or before the first or after the last %s", n.want())
	}
	if len(item) > maxItemBytes {
		return 0, fmt.Errorf("not a column %s", n.want())
	}
	v := 0
	for i := 0; i < len(item); i++ {
		if item[i] < '0' || item[i] > '9' {
			return 0, fmt.Errorf("not a column: %s is not a digit %s", quoteRune(item[i:]), n.want())
		}
		v = 10*v + int(item[i]-'0')
	}
	if len(item) > 1 && item[0] == '0' {
		return 0, fmt.Errorf("not a column: a column number has no leading zero %s", n.want())
	}
	if col := v - n.first(); col >= 0 && col < Width {
		return col, nil
	}
	return 0, fmt.Errorf("column %d is off the board %s", v, n.want())
}

// digitString says why moves, a string without commas that is no column
// of this board (err says why), is refused: on a board too wide for a
// digit a move, a digit string is one column number, and the moves must be
// separated by commas.
func (n Notation) digitString(moves string, err error) error {
	for i := 0; i < len(moves); i++ {
		if moves[i] < '0' || moves[i] > '9' {
			return err
		}
	}
	const shown = 6 // digits of the example
	example := strings.Join(strings.Split(moves[:min(len(moves), shown)], ""), ",")
	if len(moves) > shown {
		example += ",…"
	}
	if n.ZeroBased {
		return fmt.Errorf("%w: a board of %d columns does not read a digit a move (boards of up to %d columns do, counted from 0): separate the columns with commas (%s)%s",
			err, Width, maxDigitColumns+1, example, n.oneMove(moves))
	}
	zero := "or, counted from 0, with --zero-based"
	if Width == maxDigitColumns+1 {
		zero = "or give 0-based digits with --zero-based"
	}
	return fmt.Errorf("%w: a board of %d columns does not read a digit a move (boards of up to %d columns do): separate the 1-based columns with commas (%s), %s%s",
		err, Width, maxDigitColumns, example, zero, n.oneMove(moves))
}

// oneMove says how a single move of the column that the digits moves
// name would be written, when they name one of this board without a
// leading zero: "; one move of column 10 is written "10,"", and, counted
// from 0 where digits fit, "or "9" with --zero-based".
func (n Notation) oneMove(moves string) string {
	v, err := strconv.Atoi(moves)
	col := v - n.first()
	if err != nil || len(moves) > maxItemBytes || len(moves) > 1 && moves[0] == '0' || col < 0 || col >= Width {
		return ""
	}
	if !n.ZeroBased && Width <= maxDigitColumns+1 {
		return fmt.Sprintf("; one move of column %d is written \"%d,\", or \"%d\" with --zero-based", v, v, col)
	}
	return fmt.Sprintf("; one move of column %s is written \"%s,\"", moves, moves)
}

// tooLong refuses a string of count moves where room cells are empty.
func tooLong(count, room int) *MoveError {
	reason := fmt.Sprintf("too long: %d moves, but the board has %d cells", count, Cells)
	if room < Cells {
		reason = fmt.Sprintf("too long: %d moves after %d, but the board has %d cells", count, Cells-room, Cells)
	}
	return &MoveError{Index: room, Reason: reason}
}

// ParseAs plays a move string from the empty board, as [Parse] does, and
// returns the notation it is written in ([ReadMoves] says which it
// reads); zeroBased counts the columns from 0 ("3342" is "4453").
func ParseAs(moves string, zeroBased bool) (Position, Notation, error) {
	var p Position
	n, err := p.playString(moves, zeroBased)
	if err != nil {
		return Position{}, n, err
	}
	return p, n, nil
}

// playString plays a move string in either notation from p, its columns
// counted from 0 with zeroBased; on error p is left at the last legal
// position before the offending move.
func (p *Position) playString(moves string, zeroBased bool) (Notation, error) {
	n := notationOf(moves, zeroBased)
	if err := n.refuseNumber(moves); err != nil {
		return n, err
	}
	return n, p.play(moves, n)
}

// play plays moves, written in n, from p; on error p is left at the last
// legal position before the offending move.
func (p *Position) play(moves string, n Notation) error {
	cols, err := n.read(moves, Cells-p.moves)
	mark := ""
	if n.ZeroBased {
		mark = " (0-based)"
	}
	for i, col := range cols {
		if reason := p.refusal(col, n, mark); reason != "" {
			return &MoveError{Index: i, Move: n.Column(col), Reason: reason}
		}
		p.Play(col)
	}
	return err // a move after the last of cols, if any, is refused
}

// quoteItem quotes an item of the comma form for an error message,
// shortened when long.
func quoteItem(item string) string {
	const max = 12
	if len(item) > max {
		return strconv.Quote(item[:max]) + "…"
	}
	return strconv.Quote(item)
}
