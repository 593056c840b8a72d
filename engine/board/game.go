package board

// Game is a position together with the moves that led to it, for callers
// that need undo or the move string back. The zero value is a new game.
type Game struct {
	pos      Position
	history  []int    // 0-based columns, in order
	notation Notation // of String: the move string's the game was parsed from
}

// ParseGame plays a move string of 1-based columns from the empty board,
// in either notation and with the errors of [Parse].
func ParseGame(moves string) (*Game, error) { return ParseGameAs(moves, false) }

// ParseGameAs is [ParseGame] with the notations of [ParseAs]: zeroBased
// counts the columns from 0. The game's String writes its moves in the
// notation of moves.
func ParseGameAs(moves string, zeroBased bool) (*Game, error) {
	pos, n, err := ParseAs(moves, zeroBased)
	if err != nil {
		return nil, err
	}
	cols, _, _ := ReadMoves(moves, zeroBased) // ParseAs accepted them
	return &Game{pos: pos, history: cols, notation: n}, nil
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

// Notation is the notation of the game's String: that of the move string
// it was parsed from, or the zero Notation (a digit a move from 1), which
// a board of more than nine columns writes with commas.
func (g *Game) Notation() Notation { return g.notation }

// String is the game's move string in its [Game.Notation], which
// [ParseGameAs] reads back to the same game.
func (g *Game) String() string {
	return g.notation.Format(g.history)
}
