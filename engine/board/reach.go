package board

// This file finds an order of moves that reaches a board: the players
// taking turns, the first player first, each column filled bottom to top,
// and no position before the last with four in a row. Some boards need a
// search: with the first player's stones in columns A (two) and B (bottom),
// under two of the second's, the first player must start in B. The search
// is a depth-first search over the stacks' heights that marks each dead
// end, so it visits each combination of heights at most once: at most
// (Height+1)^Width, 823,543 on 7×6, a bit each.

// reach returns a game that plays the stones of stones (the first
// player's, then the second's) in an order no earlier position of which has
// four, column col holding heights[col] stones, or false when there is
// none. The stones must not float above empty cells.
func reach(stones [2]Bits, heights [Width]int) (*Game, bool) {
	r := reacher{stones: stones, heights: heights, history: make([]int, 0, Cells)}
	states := 1
	for col, h := range heights {
		r.radix[col] = states
		states *= h + 1
		r.total += h
	}
	r.dead = make([]uint64, (states+63)/64)
	if !r.search(Position{}, 0) {
		return nil, false
	}
	return &Game{pos: r.pos, history: r.history}, true
}

// reacher is the state of the search of [reach].
type reacher struct {
	stones  [2]Bits
	heights [Width]int
	total   int        // the stones of the board
	radix   [Width]int // the weight of each column's height in a state's index
	dead    []uint64   // a bit per state (heights of every column) found to lead nowhere
	history []int      // the columns played so far, 0-based
	pos     Position   // the board, once reached
}

// search plays on from p, whose index among the states is index, and
// reports whether it reached the board.
func (r *reacher) search(p Position, index int) bool {
	if p.moves == r.total {
		r.pos = p
		return true
	}
	if r.dead[index/64]&(1<<(index%64)) != 0 {
		return false
	}
	own := r.stones[p.moves&1]
	for col := range Width {
		h := p.Height(col)
		if h == r.heights[col] || own.And(Cell(col, h)).IsZero() {
			continue
		}
		if p.IsWinningMove(col) && p.moves+1 != r.total {
			continue // four before the end
		}
		next := p
		next.Play(col)
		r.history = append(r.history, col)
		if r.search(next, index+r.radix[col]) {
			return true
		}
		r.history = r.history[:len(r.history)-1]
	}
	r.dead[index/64] |= 1 << (index % 64)
	return false
}

// ReachingMoves returns a move string of 1-based columns that reaches p from
// the empty board with no earlier position having four in a row: one of
// the orders of moves that give p's board, not necessarily the one played.
// Every position made by [Parse] or by
// legal moves has one; it returns "" and false for a position that no game
// reaches, which only breaking [Position.Play]'s preconditions makes.
func (p Position) ReachingMoves() (string, bool) {
	var b board
	for col := range Width {
		for row := range p.Height(col) {
			i := p.Stone(col, row) - 1
			b.stones[i] = b.stones[i].Or(Cell(col, row))
		}
	}
	var heights [Width]int
	for col := range Width {
		heights[col] = p.Height(col)
	}
	g, ok := reach(b.stones, heights)
	if !ok {
		return "", false
	}
	return g.String(), true
}
