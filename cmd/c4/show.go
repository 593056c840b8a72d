package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/internal/english"
)

const showHelp = `Show plays MOVES, a string of 1-based columns ("4453"), from the empty board
and prints the position: the board (x moved first), whose turn it is, the
legal columns, the empty cells where a stone of either side would complete
four (named c<column>r<row>, counted from 1 at the bottom left, and drawn
on a second board; none once the game is over), and the position's two words in hex: the stones of the
side to move and all stones. Without MOVES it shows the empty board.

An illegal move string is refused with the engine's reason, naming the
offending move.
`

// runShow prints the position reached by a move string.
func runShow(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("show", flag.ContinueOnError)
	if err := parseFlags(fs, args, stdout); err != nil {
		return err
	}
	if fs.NArg() > 1 {
		return usageErrorf("show", "want at most one move string, got %s", english.Plural(fs.NArg(), "argument"))
	}
	moves := fs.Arg(0)
	p, err := engine.Parse(moves)
	if err != nil {
		return fmt.Errorf("show %q: %w", moves, err)
	}
	_, err = io.WriteString(stdout, describe(p, moves))
	return err
}

// describe renders everything show prints about p, reached by moves.
func describe(p engine.Position, moves string) string {
	var b strings.Builder
	b.WriteString(p.String())
	b.WriteString("\n")

	if moves == "" {
		moves = `"" (empty board)`
	}
	fmt.Fprintf(&b, "moves:    %s, %d played\n", moves, p.Moves())
	mover, other := sideName(p.ToMove()), sideName(3-p.ToMove())
	over := true
	switch {
	case p.IsWon():
		fmt.Fprintf(&b, "status:   won by %s\n", other)
	case p.IsFull():
		fmt.Fprintf(&b, "status:   drawn, the board is full\n")
	default:
		over = false
		fmt.Fprintf(&b, "to move:  %s\n", mover)
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
	fmt.Fprintf(b, "x wins:   %s\n", cellList(xWins))
	fmt.Fprintf(b, "o wins:   %s\n", cellList(oWins))
	if xWins|oWins != 0 {
		b.WriteString("\nwinning cells (X for x, O for o, # for both):\n")
		b.WriteString(drawWins(p, xWins, oWins))
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

// cellList names the cells of word w in bit order (column by column, bottom
// to top), or "none".
func cellList(w uint64) string {
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

// drawWins draws p as [engine.Position.String] does, with X, O or # on the
// empty cells where x, o or both would complete four.
func drawWins(p engine.Position, xWins, oWins uint64) string {
	return drawCells(func(col, row int) string {
		cell := engine.Cell(col, row)
		switch {
		case p.Stone(col, row) != 0:
			return " xo"[p.Stone(col, row) : p.Stone(col, row)+1]
		case xWins&oWins&cell != 0:
			return "#"
		case xWins&cell != 0:
			return "X"
		case oWins&cell != 0:
			return "O"
		}
		return "."
	})
}

// drawCells draws the board, top row first, each cell as mark says, with
// the column numbers below.
func drawCells(mark func(col, row int) string) string {
	var b strings.Builder
	for row := engine.Height - 1; row >= 0; row-- {
		for col := range engine.Width {
			b.WriteString(" " + mark(col, row))
		}
		b.WriteString("\n")
	}
	for col := range engine.Width {
		fmt.Fprintf(&b, " %d", col+1)
	}
	b.WriteString("\n")
	return b.String()
}
