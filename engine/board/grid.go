package board

import (
	"fmt"
	"strconv"
	"strings"
)

// MaxGridBytes is the longest text [ParseGrid] and [ParseBoard] read.
const MaxGridBytes = 64 * Cells

// ParseBoard reads a board in either of two text forms: with a comma, the
// cells as [FromBoard] takes them, comma-separated numbers, the top row
// first (Kaggle ConnectX's observation.board, "[0,0,...,1,2,0]" with or
// without the brackets); without one, a grid as [ParseGrid] reads it.
func ParseBoard(text string) (*Game, error) {
	if !strings.Contains(text, ",") {
		return ParseGrid(text)
	}
	if len(text) > MaxGridBytes {
		return nil, boardErrorf("board too long: %d bytes (at most %d)", len(text), MaxGridBytes)
	}
	list := strings.TrimSpace(text)
	if inner, ok := strings.CutPrefix(list, "["); ok {
		if list, ok = strings.CutSuffix(inner, "]"); !ok {
			return nil, boardErrorf("a list that opens with [ must close with ]")
		}
	}
	fields := strings.Split(list, ",")
	if len(fields) != Cells {
		return nil, boardErrorf("want %d comma-separated cells (%d rows of %d, the top row first), got %d", Cells, Height, Width, len(fields))
	}
	cells := make([]int, Cells)
	for i, f := range fields {
		v, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || v < 0 || v > 2 {
			return nil, &BoardError{Col: i%Width + 1, Row: Height - i/Width, Reason: fmt.Sprintf("%q is not a cell's value (want 0 empty, 1 or 2)", strings.TrimSpace(f))}
		}
		cells[i] = v
	}
	return FromBoard(cells)
}

// ParseGrid reads a board drawn as text, as [Position.String] draws it: one
// line per row, the top row first, one character per cell, x or 1 for a
// stone of the first player, o or 2 for the second's, '.', 0, '_' or '-'
// for an empty cell (x and o in either case). Spaces and tabs within a line
// are ignored, and so are blank lines and a line of the column numbers
// (1234567, spaced or not; 1 2 … 10 11 12 on a board of 12 columns). It
// returns a game that reaches the board, refusing an impossible one with
// the reasons of [FromBoard].
func ParseGrid(text string) (*Game, error) {
	if len(text) > MaxGridBytes {
		return nil, boardErrorf("grid too long: %d bytes (at most %d)", len(text), MaxGridBytes)
	}
	var footer strings.Builder
	for col := range Width {
		footer.WriteString(Notation{}.Column(col))
	}
	cells := make([]int, 0, Cells)
	rows := 0
	for line := range strings.Lines(text) {
		row := strings.Map(func(r rune) rune {
			if r == ' ' || r == '\t' || r == '\r' || r == '\n' {
				return -1
			}
			return r
		}, line)
		if row == "" || row == footer.String() {
			continue
		}
		rows++
		if rows > Height {
			return nil, boardErrorf("grid: more than %d rows", Height)
		}
		n := 0
		for _, r := range row {
			n++
			if n > Width {
				break
			}
			v, ok := gridCell(r)
			if !ok {
				return nil, &BoardError{Col: n, Row: Height + 1 - rows, Reason: fmt.Sprintf("%q is not a cell (want x or 1, o or 2, '.' or 0)", r)}
			}
			cells = append(cells, v)
		}
		if n != Width {
			return nil, boardErrorf("grid row %d from the top: want %d cells, got %d", rows, Width, len([]rune(row)))
		}
	}
	if rows != Height {
		return nil, boardErrorf("grid: want %d rows, got %d", Height, rows)
	}
	return FromBoard(cells)
}

// gridCell is the value of a grid character as [FromBoard] reads cells.
func gridCell(r rune) (int, bool) {
	switch r {
	case '.', '0', '_', '-':
		return 0, true
	case 'x', 'X', '1':
		return 1, true
	case 'o', 'O', '2':
		return 2, true
	}
	return 0, false
}
