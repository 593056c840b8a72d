package refsolver

import (
	"fmt"

	"github.com/fourgen/fourgen/internal/geom"
)

// Solver holds the scores of the positions of one geometry it has solved.
// It is not safe for concurrent use.
type Solver struct {
	g       geom.Geometry
	through [][]geom.Set // by bit: geom's lines through the cell, as sets
	memo    map[key]int
	pos     position
}

// key is a position as the memo holds it: the first player's stones and
// every stone.
type key struct{ first, all geom.Set }

// position is the board being searched, grown and undone move by move.
type position struct {
	stones  [2]geom.Set // by player, the first player's first
	heights []int
	moves   int
}

// New returns a solver of the positions of g.
func New(g geom.Geometry) *Solver {
	s := &Solver{g: g, through: make([][]geom.Set, g.Span()), memo: make(map[key]int)}
	for _, l := range g.Lines() {
		for _, c := range l.Cells {
			s.through[g.Bit(c)] = append(s.through[g.Bit(c)], g.LineSet(l))
		}
	}
	return s
}

// Score is the score, for the side to move, of the position after the
// 0-based columns cols, which must be legal moves of a game not yet over.
func (s *Solver) Score(cols []int) (int, error) {
	if err := s.reset(cols); err != nil {
		return 0, err
	}
	return s.negamax(), nil
}

// Positions is the number of positions whose score the solver holds.
func (s *Solver) Positions() int { return len(s.memo) }

// reset sets the board to the position after cols.
func (s *Solver) reset(cols []int) error {
	s.pos = position{heights: make([]int, s.g.Width)}
	for i, col := range cols {
		switch {
		case col < 0 || col >= s.g.Width || s.pos.heights[col] == s.g.Height:
			return fmt.Errorf("refsolver: move %d (column %d) is not legal", i+1, col)
		case s.completes(s.pos.moves&1, col):
			if i < len(cols)-1 {
				return fmt.Errorf("refsolver: move %d ends the game, %d more follow", i+1, len(cols)-1-i)
			}
			return fmt.Errorf("refsolver: move %d ends the game", i+1)
		}
		s.play(col)
	}
	return nil
}

// completes reports whether a stone of player in column col, which must
// not be full, makes a line.
func (s *Solver) completes(player, col int) bool {
	c := geom.Cell{Col: col, Row: s.pos.heights[col]}
	stones := s.pos.stones[player].Or(s.g.SetOf(c))
	for _, line := range s.through[s.g.Bit(c)] {
		if stones.And(line) == line {
			return true
		}
	}
	return false
}

func (s *Solver) play(col int) {
	c := s.g.SetOf(geom.Cell{Col: col, Row: s.pos.heights[col]})
	s.pos.stones[s.pos.moves&1] = s.pos.stones[s.pos.moves&1].Or(c)
	s.pos.heights[col]++
	s.pos.moves++
}

func (s *Solver) undo(col int) {
	s.pos.moves--
	s.pos.heights[col]--
	c := s.g.SetOf(geom.Cell{Col: col, Row: s.pos.heights[col]})
	s.pos.stones[s.pos.moves&1] = s.pos.stones[s.pos.moves&1].AndNot(c)
}

// negamax is the exact score of the board for the side to move, whose game
// is not over: a win at once if one of its stones completes a line, else
// the best of its children's scores, negated; 0 on a full board.
func (s *Solver) negamax() int {
	cells := s.g.Cells()
	if s.pos.moves == cells {
		return 0
	}
	k := key{s.pos.stones[0], s.pos.stones[0].Or(s.pos.stones[1])}
	if v, ok := s.memo[k]; ok {
		return v
	}
	me := s.pos.moves & 1
	best := -cells
	for col := range s.g.Width {
		if s.pos.heights[col] < s.g.Height && s.completes(me, col) {
			best = (cells + 1 - s.pos.moves) / 2 // the win by stone moves+1
			break
		}
	}
	if best == -cells {
		for col := range s.g.Width {
			if s.pos.heights[col] == s.g.Height {
				continue
			}
			s.play(col)
			best = max(best, -s.negamax())
			s.undo(col)
		}
	}
	s.memo[k] = best
	return best
}

// Reachable calls visit with the columns of a game leading to each
// position reachable from the empty board in which the game is not over
// (no line made, a cell left), each position once, and its score. It
// stops when visit returns false. cols is only valid during the call.
func (s *Solver) Reachable(visit func(cols []int, score int) bool) {
	s.pos = position{heights: make([]int, s.g.Width)}
	seen := make(map[key]bool)
	var cols []int
	var walk func() bool
	walk = func() bool {
		k := key{s.pos.stones[0], s.pos.stones[0].Or(s.pos.stones[1])}
		if s.pos.moves == s.g.Cells() || seen[k] {
			return true
		}
		seen[k] = true
		if !visit(cols, s.negamax()) {
			return false
		}
		for col := range s.g.Width {
			if s.pos.heights[col] == s.g.Height || s.completes(s.pos.moves&1, col) {
				continue
			}
			s.play(col)
			cols = append(cols, col)
			ok := walk()
			cols = cols[:len(cols)-1]
			s.undo(col)
			if !ok {
				return false
			}
		}
		return true
	}
	walk()
}
