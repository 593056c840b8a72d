package progress

import (
	"fmt"
	"io"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/board"
)

// slowStones is the most stones a position may have for its solve
// without a book to be announced as possibly long: the first third of a
// game, where an exact search of a board without a book can run for
// hours (a 10×6 position of 4 stones ran past two minutes with no end in
// sight).
const slowStones = board.Cells / 3

// slowNotice says once, before the first early position solved without
// a book, that the solve may take long and how to learn something
// sooner. Its zero value says nothing.
type slowNotice struct {
	cmd  string // the command, "" for no notice
	weak bool   // the solve is already --weak's
	said bool
}

// Announcing makes sp's Start tell the terminal, before the first
// position of fewer than slowStones stones that the solver has no book
// for, that c4 cmd may take long on it and how to learn something sooner;
// weak says the solve is --weak's already. It returns sp.
func (sp *Solve) Announcing(cmd string, weak bool) *Solve {
	if sp != nil {
		sp.slow = slowNotice{cmd: cmd, weak: weak}
	}
	return sp
}

// say writes the notice to w, if it is due for p solved by s.
func (n *slowNotice) say(w io.Writer, s *engine.Solver, p board.Position) {
	if n.cmd == "" || n.said || s.Book() != nil || p.Moves() >= slowStones || p.IsWon() || p.IsFull() {
		return
	}
	n.said = true
	sooner := "--weak answers win, draw or loss only, often far sooner; "
	if n.weak {
		sooner = ""
	}
	fmt.Fprintf(w, "c4: %s: no opening book for the %d×%d board: a position of %d stones may take from minutes to days, not known in advance.\n"+
		"c4: %s: %sthe progress line shows the score's bounds narrowing and the time so far; Ctrl-C stops; a position of more stones is much faster.\n",
		n.cmd, board.Width, board.Height, p.Moves(), n.cmd, sooner)
}
