// This file writes everything c4 show prints about a position.

package textboard

import (
	"fmt"
	"strings"

	"github.com/fourgen/fourgen/engine/board"
)

// width is the number of columns Describe's lines stay under (a line of
// a long list goes on, indented, on the next).
const width = 80

// Describe renders what c4 show prints about the position of g, reached by
// moves (g's move string as it was given): the
// board, its marked stones (see [Marked]) in capitals and, with colour,
// in ANSI colour; the moves and the last one; whose turn it is while the
// game goes on, with the legal columns and each side's winning cells
// (listed and drawn by [wins]); how the game ended once it is over, with
// the winning four, and no side to move, moves or threats; and the
// position's two words in hex.
func Describe(g *board.Game, moves string, colour bool) string {
	p, last := g.Position(), -1
	if cols := g.Columns(); len(cols) > 0 {
		last = cols[len(cols)-1]
	}
	var b strings.Builder
	b.WriteString(Board(p, Marked(p, last), colour))
	b.WriteString("\n")

	shown := moves
	if moves == "" {
		shown = `"" (empty board)`
	}
	field(&b, "moves", fmt.Sprintf("%s, %d played", shown, p.Moves()))
	if last >= 0 {
		row := p.Height(last) - 1
		capitals := ", in capitals"
		if p.IsWon() {
			capitals = ""
		}
		field(&b, "last", fmt.Sprintf("%s in column %d (c%dr%d)%s", stone(p, last, row), last+1, last+1, row+1, capitals))
	}
	switch {
	case p.IsWon():
		field(&b, "status", "won by "+sideName(p.Winner()))
		field(&b, "four", cellList(p.Fours())+" (in capitals)")
	case p.IsFull():
		field(&b, "status", "drawn, the board is full")
	default:
		field(&b, "to move", sideName(p.ToMove()))
		field(&b, "legal", legalColumns(p))
		describeWins(&b, p)
	}

	b.WriteString("\n")
	whose := fmt.Sprintf("stones of %s, the side to move", sideName(p.ToMove()))
	if p.IsWon() || p.IsFull() {
		whose = fmt.Sprintf("stones of %s, who did not play last", sideName(p.ToMove()))
	}
	field(&b, "current", p.Current().Hex()+" ("+whose+")")
	field(&b, "occupied", p.Occupied().Hex()+" (all stones)")
	return b.String()
}

// field writes "name:" padded to ten columns, then value, wrapped at
// spaces so that each line stays under [width] columns, the lines after
// the first indented as the first.
func field(b *strings.Builder, name, value string) {
	const indent = 10
	prefix, line := fmt.Sprintf("%-*s", indent, name+":"), ""
	for _, word := range strings.Fields(value) {
		if line != "" && indent+len(line)+1+len(word) >= width {
			b.WriteString(prefix + line + "\n")
			prefix, line = strings.Repeat(" ", indent), ""
		}
		if line != "" {
			line += " "
		}
		line += word
	}
	b.WriteString(prefix + line + "\n")
}

// describeWins writes each side's winning cells in p, and draws them.
func describeWins(b *strings.Builder, p board.Position) {
	// The side to move's winning cells come from WinningCells, the other
	// side's from OpponentWinningCells; x is whichever moved first.
	own, opp := p.WinningCells(), p.OpponentWinningCells()
	xWins, oWins := own, opp
	if p.ToMove() == 2 {
		xWins, oWins = opp, own
	}
	field(b, "x wins", cellList(xWins))
	field(b, "o wins", cellList(oWins))
	if !xWins.Or(oWins).IsZero() {
		b.WriteString("\nwinning cells (X for x, O for o, # for both):\n")
		b.WriteString(wins(p, xWins, oWins))
	}
}

// sideName names player n (1 or 2) with its stone letter.
func sideName(n int) string {
	return fmt.Sprintf("player %d (%c)", n, " xo"[n])
}

// legalColumns lists the 1-based columns that can be played, or "none".
func legalColumns(p board.Position) string {
	var cols []string
	for col := range board.Width {
		if p.CanPlay(col) {
			cols = append(cols, fmt.Sprint(col+1))
		}
	}
	if len(cols) == 0 {
		return "none"
	}
	return strings.Join(cols, " ")
}

// cellList names the cells of word w, c<column>r<row> counted from 1 at the
// bottom left, in bit order (column by column, bottom to top), or "none".
func cellList(w board.Bits) string {
	var names []string
	for col := range board.Width {
		for row := range board.Height {
			if w.HasCell(col, row) {
				names = append(names, fmt.Sprintf("c%dr%d", col+1, row+1))
			}
		}
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, " ")
}
