package geom

import "math/rand/v2"

// Model is the plain board the tests hold the engine to: a grid of owners,
// filled move by move, with no bit tricks. Exported for the tests of
// engine/board, which play each game on both and compare them.
type Model struct {
	g      Geometry
	Owner  [][]int // Owner[col][row]: 0 for empty, else the player, 1 or 2
	Height []int   // the stones in each column
	Moves  int     // the stones on the board
}

// NewModel returns the empty board of g.
func (g Geometry) NewModel() *Model {
	m := &Model{g: g, Owner: make([][]int, g.Width), Height: make([]int, g.Width)}
	for col := range m.Owner {
		m.Owner[col] = make([]int, g.Height)
	}
	return m
}

// ModelOf replays the 0-based columns cols, which must be legal moves, on
// the empty board of g.
func (g Geometry) ModelOf(cols ...int) *Model {
	m := g.NewModel()
	for _, col := range cols {
		m.Play(col)
	}
	return m
}

// Play drops a stone of the side to move into column col, which must not
// be full.
func (m *Model) Play(col int) {
	m.Owner[col][m.Height[col]] = m.ToMove()
	m.Height[col]++
	m.Moves++
}

// ToMove is the player to move: 1 for the first player, 2 for the second.
func (m *Model) ToMove() int { return 1 + m.Moves%2 }

// Stones is the mask of the player's stones, built cell by cell, on a
// board of one word.
func (m *Model) Stones(player int) uint64 { return m.StonesSet(player).word() }

// StonesSet is the set of the player's stones, built cell by cell.
func (m *Model) StonesSet(player int) Set {
	var s Set
	for col := range m.g.Width {
		for row := range m.g.Height {
			if m.Owner[col][row] == player {
				s = s.Or(m.g.SetOf(Cell{Col: col, Row: row}))
			}
		}
	}
	return s
}

// Won reports whether the player who just moved has four, by the reference.
func (m *Model) Won() bool { return m.Moves > 0 && m.g.HasFourSet(m.StonesSet(3-m.ToMove())) }

// Over reports whether the game has ended: a four or a full board.
func (m *Model) Over() bool { return m.Won() || m.Moves == m.g.Cells() }

// RandomGame plays uniformly random legal moves from the empty board of g
// until a four or a full board, and calls visit with the columns played so
// far and the model at every position on the way, the last one included.
func (g Geometry) RandomGame(rng *rand.Rand, visit func(cols []int, m *Model)) {
	m := g.NewModel()
	var cols []int
	for {
		visit(cols, m)
		if m.Over() {
			return
		}
		col := rng.IntN(g.Width)
		for m.Height[col] == g.Height {
			col = rng.IntN(g.Width)
		}
		m.Play(col)
		cols = append(cols, col)
	}
}

// DrawnGame plays random games of g that never make four while a move that
// does not is left, until one fills the board without a four, and returns
// its columns; false after 1,000 tries.
func (g Geometry) DrawnGame(rng *rand.Rand) ([]int, bool) {
	for range 1000 {
		m := g.NewModel()
		var cols []int
		for !m.Over() {
			var safe, any []int
			for col := range g.Width {
				if m.Height[col] == g.Height {
					continue
				}
				any = append(any, col)
				if !g.CompletesFourSet(m.StonesSet(m.ToMove()), Cell{Col: col, Row: m.Height[col]}) {
					safe = append(safe, col)
				}
			}
			if len(safe) > 0 {
				any = safe
			}
			col := any[rng.IntN(len(any))]
			m.Play(col)
			cols = append(cols, col)
		}
		if !m.Won() && !g.HasFourSet(m.StonesSet(1)) && !g.HasFourSet(m.StonesSet(2)) {
			return cols, true
		}
	}
	return nil, false
}
