package main

import (
	"fmt"
	"io"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/terminal"
)

// isTerminal reports whether w is a terminal (package terminal); a test
// may replace it to see what a terminal is told.
var isTerminal = terminal.Is

// slowStones is the most stones a position may have for its solve
// without a book to be announced as possibly long: the first third of a
// game, where an exact search of a board without a book can run for
// hours (a 10×6 position of 4 stones ran past two minutes with no end in
// sight).
const slowStones = board.Cells / 3

// slowNotice returns what c4 cmd calls before solving each position: on
// a terminal, the first time a position of fewer than slowStones stones
// is solved without an opening book, it says that the solve may take
// long and how to learn something sooner. weak says the solve is
// already --weak's.
func slowNotice(cmd string, s *engine.Solver, weak bool, stderr io.Writer) func(p board.Position) {
	if !isTerminal(stderr) {
		return func(board.Position) {}
	}
	said := false
	return func(p board.Position) {
		if said || s.Book() != nil || p.Moves() >= slowStones {
			return
		}
		said = true
		sooner := "--weak answers win, draw or loss only, often far sooner; "
		if weak {
			sooner = ""
		}
		fmt.Fprintf(stderr, "c4: %s: no opening book for the %d×%d board: a position of %d stones may take from minutes to days, not known in advance.\n"+
			"c4: %s: %sthe progress line shows the score's bounds narrowing and the time so far; Ctrl-C stops; a position of more stones is much faster.\n",
			cmd, board.Width, board.Height, p.Moves(), cmd, sooner)
	}
}
