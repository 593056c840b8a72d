// Package textboard draws Connect-4 positions as text, for c4 show and
// c4 play: the grid as [board.Position.String] draws it (x for the first
// player, o for the second, top row first, the columns numbered below),
// the last move or the winning four marked, in ANSI colour on request, the
// cells where a side would make four, and the description c4 show prints.
//
// Whether to use colour (a terminal, NO_COLOR) is the caller's choice.
package textboard

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/fourgen/fourgen/engine/board"
)

// ANSI escape sequences of the colours [Board] draws in.
const (
	red    = "\x1b[31m"
	yellow = "\x1b[33m"
	last   = "\x1b[1;4m" // bold and underlined: the last move
	reset  = "\x1b[0m"
)

// playerColours names the players as the web page of c4 serve does,
// indexed by player number (1 moves first).
var playerColours = [3]string{"", "Red", "Yellow"}

// PlayerName names player n (1 or 2) as the web page does, with its
// number and the letter of its stones on the board: "Red (player 1, x)".
func PlayerName(n int) string {
	return fmt.Sprintf("%s (player %d, %c)", playerColours[n], n, " xo"[n])
}

// Draw draws the board, top row first, each cell as mark says (given its
// 0-based column and row, row 0 the bottom; one character, with or without
// colour), with the column numbers below, each cell as wide as the widest.
// Exported for cmd/c4's tests of c4 play, which draw the rows they expect
// with it rather than copy its layout.
func Draw(mark func(col, row int) string) string {
	cell := len(strconv.Itoa(board.Width)) + 1 // a space and the widest column number
	pad := strings.Repeat(" ", cell-1)
	var b strings.Builder
	for row := board.Height - 1; row >= 0; row-- {
		for col := range board.Width {
			b.WriteString(pad + mark(col, row))
		}
		b.WriteString("\n")
	}
	for col := range board.Width {
		fmt.Fprintf(&b, "%*d", cell, col+1)
	}
	b.WriteString("\n")
	return b.String()
}

// stone is the letter of the stone in a cell of p: x, o, or . when empty.
func stone(p board.Position, col, row int) string {
	n := p.Stone(col, row)
	return ".xo"[n : n+1]
}

// Marked returns the cells whose stones [Board] marks for c4 show and
// c4 play: the winning four (or fours) once p is won, else the stone of
// the last move, played in column last (0-based; -1 for none).
func Marked(p board.Position, last int) board.Bits {
	switch {
	case p.IsWon():
		return p.Fours()
	case last < 0 || last >= board.Width || p.Height(last) == 0:
		return board.NoCells
	}
	return board.Cell(last, p.Height(last)-1) // the last stone tops its column
}

// Board draws p as [board.Position.String] does, with the stones of the
// cells of marked (see [Marked]) in capitals: X or O. In colour, x and o
// are [red] and [yellow] and the marked stones bold and underlined
// ([last]).
func Board(p board.Position, marked board.Bits, colour bool) string {
	return Draw(func(col, row int) string {
		mark, code := stone(p, col, row), ""
		switch mark {
		case "x":
			code = red
		case "o":
			code = yellow
		}
		if mark != "." && marked.HasCell(col, row) {
			mark = strings.ToUpper(mark)
			code += last
		}
		if colour && code != "" {
			mark = code + mark + reset
		}
		return mark
	})
}

// wins draws p as [board.Position.String] does, with X, O or # on the
// empty cells of xWins, oWins or both: where x, o or both would complete
// four.
func wins(p board.Position, xWins, oWins board.Bits) string {
	return Draw(func(col, row int) string {
		switch {
		case p.Stone(col, row) != 0:
			return stone(p, col, row)
		case xWins.HasCell(col, row) && oWins.HasCell(col, row):
			return "#"
		case xWins.HasCell(col, row):
			return "X"
		case oWins.HasCell(col, row):
			return "O"
		}
		return "."
	})
}
