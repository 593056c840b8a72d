// This file writes everything c4 show prints about a position.

package textboard

import (
	"fmt"
	"strings"

	"github.com/fourgen/fourgen/engine"
)

// Describe renders what c4 show prints about p, reached by moves: the
// board, the moves, whose turn it is or how the game ended, the legal
// columns, each side's winning cells (listed and drawn by [Wins]) while
// the game goes on, and the position's two words in hex.
func Describe(p engine.Position, moves string) string {
	var b strings.Builder
	b.WriteString(p.String())
	b.WriteString("\n")

	if moves == "" {
		moves = `"" (empty board)`
	}
	fmt.Fprintf(&b, "moves:    %s, %d played\n", moves, p.Moves())
	over := true
	switch {
	case p.IsWon():
		fmt.Fprintf(&b, "status:   won by %s\n", sideName(3-p.ToMove()))
	case p.IsFull():
		fmt.Fprintf(&b, "status:   drawn, the board is full\n")
	default:
		over = false
		fmt.Fprintf(&b, "to move:  %s\n", sideName(p.ToMove()))
	}
	fmt.Fprintf(&b, "legal:    %s\n", legalColumns(p, over))

	// Once the game is over, there is nothing left to threaten.
	if !over {
		describeWins(&b, p)
	}

	b.WriteString("\n")
	fmt.Fprintf(&b, "current:  0x%016x (stones of player %d, the side to move)\n", p.Current(), p.ToMove())
	fmt.Fprintf(&b, "occupied: 0x%016x (all stones)\n", p.Occupied())
	return b.String()
}

// describeWins writes each side's winning cells in p, and draws them.
func describeWins(b *strings.Builder, p engine.Position) {
	// The side to move's winning cells come from WinningCells, the other
	// side's from OpponentWinningCells; x is whichever moved first.
	own, opp := p.WinningCells(), p.OpponentWinningCells()
	xWins, oWins := own, opp
	if p.ToMove() == 2 {
		xWins, oWins = opp, own
	}
	fmt.Fprintf(b, "x wins:   %s\n", CellList(xWins))
	fmt.Fprintf(b, "o wins:   %s\n", CellList(oWins))
	if xWins|oWins != 0 {
		b.WriteString("\nwinning cells (X for x, O for o, # for both):\n")
		b.WriteString(Wins(p, xWins, oWins))
	}
}

// sideName names player n (1 or 2) with its stone letter.
func sideName(n int) string {
	return fmt.Sprintf("player %d (%c)", n, " xo"[n])
}

// legalColumns lists the 1-based columns that can be played, or "none".
func legalColumns(p engine.Position, over bool) string {
	var cols []string
	for col := range engine.Width {
		if !over && p.CanPlay(col) {
			cols = append(cols, fmt.Sprint(col+1))
		}
	}
	if len(cols) == 0 {
		return "none"
	}
	return strings.Join(cols, " ")
}

// CellList names the cells of word w, c<column>r<row> counted from 1 at the
// bottom left, in bit order (column by column, bottom to top), or "none".
func CellList(w uint64) string {
	var names []string
	for col := range engine.Width {
		for row := range engine.Height {
			if w&engine.Cell(col, row) != 0 {
				names = append(names, fmt.Sprintf("c%dr%d", col+1, row+1))
			}
		}
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, " ")
}
