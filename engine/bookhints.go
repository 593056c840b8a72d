package engine

import (
	"github.com/fourgen/fourgen/engine/board"
)

// This file is what the opening book tells a search beyond it before it
// begins: the floor of a position one stone past the book's stone count,
// from the book's scores of its parents; for an analysis of a position of
// the book's stone count, so a ceiling on the score of each column, and
// which column must be the best.

// bookHints is what the book tells an analysis of a position.
type bookHints struct {
	ceil  [board.Width]board.Score // a ceiling on each column's score, from the position's view (Cells: none)
	best  board.Score              // the position's score, when known
	known bool
}

// bookHintsOf is what the book tells an analysis of p (nothing unless p
// has the book's stone count).
//
// The child after a move in column i is also the child of every position
// that differs from p by one of the side to move's top stones moved to
// column i (p is one of them), and no child scores more, seen from a
// parent, than the parent's score. So the least score the book gives those
// positions is a ceiling on column i's score: minus it is a floor for the
// child's search. And p's best column reaches p's score, so when only one
// column can, it is the best and scores it unsearched (see deduce).
// Analysing the 100 positions of 9 stones in Pons's Test_L1_R2, 363 of
// their 700 columns had a ceiling below the position's score and 29
// positions had one column left that could reach it.
func (s *Solver) bookHintsOf(p board.Position) bookHints {
	var h bookHints
	for i := range h.ceil {
		h.ceil[i] = board.Cells
	}
	if s.book == nil || p.Moves() != s.bookPlies {
		return h
	}
	lo, hi, ok := s.book.bounds(p)
	h.best, h.known = board.Score(lo), ok && lo == hi
	for i := range board.Width {
		if !p.CanPlay(i) || p.IsWinningMove(i) {
			continue
		}
		child := p
		child.Play(i)
		h.ceil[i] = s.parentsCeiling(child)
	}
	return h
}

// parentsCeiling is the least score the book gives the positions child is
// a child of (Cells when it knows none): those that have one of the top
// stones of the side that moved last taken back, when they have the book's
// stone count. Seen from such a parent, no child scores more than the
// parent, so minus it is a floor on child's score.
func (s *searcher) parentsCeiling(child board.Position) board.Score {
	ceil := board.Score(board.Cells)
	if s.book == nil || child.Moves() != s.bookPlies+1 {
		return ceil
	}
	mover := child.Opponent() // the side that moved last
	for j := range board.Width {
		h := child.Height(j)
		if h == 0 {
			continue
		}
		top := board.Cell(j, h-1)
		if mover.And(top).IsZero() {
			continue // the other side's: not a move a parent made
		}
		parent := board.FromWords(mover.AndNot(top), child.Occupied().AndNot(top), child.Moves()-1)
		if _, hi, ok := s.book.bounds(parent); ok {
			ceil = min(ceil, board.Score(hi))
		}
	}
	return ceil
}

// floor is the floor on the score of the child after column col, seen from
// the child, for solveFrom: minus col's ceiling, -Cells for none.
func (h *bookHints) floor(col int) int { return -int(h.ceil[col]) }

// deduce is the column whose score follows from the others' (ok), scored
// best: when p's score is known and no column done (each with its score in
// scores, a full one [Invalid]) reaches it, the best column is still to be
// found, among those not done whose ceiling allows it; when only one does,
// that column is the best.
func (h *bookHints) deduce(scores *[board.Width]board.Score, done *[board.Width]bool) (col int, ok bool) {
	if !h.known {
		return -1, false
	}
	col = -1
	for c := range board.Width {
		switch {
		case done[c] && scores[c] != board.Invalid && scores[c] >= h.best:
			return -1, false // the best column is found
		case done[c] || h.ceil[c] < h.best:
		case col >= 0:
			return -1, false // two columns may be the best
		default:
			col = c
		}
	}
	return col, col >= 0
}

// order is the order in which an analysis solves the columns: as in base,
// but the columns whose ceiling keeps them below the position's score
// before those that may be its best, so that the last of these is the one
// deduce skips.
func (h *bookHints) order(base *[board.Width]int) (cols [board.Width]int) {
	n := 0
	for _, late := range []bool{false, true} {
		for _, c := range base {
			if (h.known && h.ceil[c] >= h.best) == late {
				cols[n] = c
				n++
			}
		}
	}
	return cols
}
