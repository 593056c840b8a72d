// This file draws the board of c4 play: the players named as on the web
// page, the last move marked, in colour on a terminal.

package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/fourgen/fourgen/engine"
)

// playerColours names the players as the web page of c4 serve does,
// indexed by player number (1 moves first).
var playerColours = [3]string{"", "Red", "Yellow"}

// playerName names player n (1 or 2) as the web page does, with its
// number and the letter of its stones on the terminal board.
func playerName(n int) string {
	return fmt.Sprintf("%s (player %d, %c)", playerColours[n], n, " xo"[n])
}

// ANSI escape sequences of the colours the board is drawn in.
const (
	ansiRed    = "\x1b[31m"
	ansiYellow = "\x1b[33m"
	ansiLast   = "\x1b[1;4m" // bold and underlined: the last move
	ansiReset  = "\x1b[0m"
)

// useColour reports whether c4 play draws in colour on stdout: when it
// is a terminal and the NO_COLOR environment variable (https://no-color.org)
// is absent or empty. getenv is os.Getenv outside tests.
func useColour(stdout io.Writer, getenv func(string) string) bool {
	return isTerminal(stdout) && getenv("NO_COLOR") == ""
}

// drawBoard draws p as [engine.Position.String] does, x for the first
// player and o for the second, with the stone of the last move (played
// in column last, 0-based; -1 for none) in capitals: X or O. In colour,
// x and o are red and yellow and the last stone is bold and underlined.
func drawBoard(p engine.Position, last int, colour bool) string {
	lastRow := -1
	if last >= 0 {
		lastRow = p.Height(last) - 1 // the last stone tops its column
	}
	return drawCells(func(col, row int) string {
		mark, code := ".", ""
		switch p.Stone(col, row) {
		case 1:
			mark, code = "x", ansiRed
		case 2:
			mark, code = "o", ansiYellow
		}
		if col == last && row == lastRow {
			mark = strings.ToUpper(mark)
			code += ansiLast
		}
		if colour && code != "" {
			mark = code + mark + ansiReset
		}
		return mark
	})
}
