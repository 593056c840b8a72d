package board

// Game is a position together with the moves that led to it, for callers
// that need undo or the move string back. The zero value is a new game.
type Game struct {
	pos     Position
	history []int // 0-based columns, in order
}

// ParseGame plays a move string of 1-based columns from the empty board,
// with the errors of [Parse].
func ParseGame(moves string) (*Game, error) {
	pos, err := Parse(moves)
	if err != nil {
		return nil, err
	}
	g := &Game{pos: pos, history: make([]int, len(moves))}
	for i := range len(moves) {
		g.history[i], _ = ColumnOfChar(moves[i]) // Parse accepted it
	}
	return g, nil
}

// Position is the current position of the game.
func (g *Game) Position() Position { return g.pos }

// Play plays column col0 (0-based), with the checks and the errors of
// [Position.PlayChecked], which name the column 1-based.
func (g *Game) Play(col0 int) error {
	if err := g.pos.PlayChecked(col0); err != nil {
		return err
	}
	g.history = append(g.history, col0)
	return nil
}

// Undo takes back the last move and reports whether there was one.
func (g *Game) Undo() bool {
	if len(g.history) == 0 {
		return false
	}
	g.history = g.history[:len(g.history)-1]
	g.pos = Position{}
	for _, col := range g.history {
		g.pos.Play(col)
	}
	return true
}

// Columns returns a copy of the moves played, as 0-based columns.
func (g *Game) Columns() []int { return append([]int(nil), g.history...) }

// String is the game's move string of 1-based columns, which [ParseGame]
// reads back to the same game.
func (g *Game) String() string {
	return MoveString(g.history)
}
