package answer

import (
	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/board"
)

// Inspection is [engine.Inspection] as the API answers it. Words are "0x" and 16 hex
// digits in the engine's bit layout (bit col*ColumnBits+row, 0-based, the
// top bit of each column the guard); arrays of two are indexed by player,
// the first player's first.
type Inspection struct {
	ColumnBits  int       `json:"columnBits"`  // bits per column in the words: the rows and the guard bit
	Current     string    `json:"current"`     // stones of the side to move (once the game is over, of the player who did not move last)
	Occupied    string    `json:"occupied"`    // all stones
	Guard       string    `json:"guard"`       // the guard bits, never set
	Legal       string    `json:"legal"`       // the cell each legal move fills; none once the game is over
	Winning     string    `json:"winning"`     // legal moves that make four at once
	NonLosing   string    `json:"nonLosing"`   // legal moves that win at once or after which the opponent cannot
	Wins        [2]string `json:"wins"`        // empty cells where each player would complete four; none once the game is over
	OddThreats  [2]string `json:"oddThreats"`  // those on odd rows (1, 3, … from the bottom)
	EvenThreats [2]string `json:"evenThreats"` // those on even rows (2, 4, … from the bottom)
	// Order lists the legal moves in the order the solver's move ordering
	// tries them; empty once the game is over.
	Order []MoveOrder `json:"order"`
}

// MoveOrder is one legal move of the ordering table.
type MoveOrder struct {
	Col          int  `json:"col"`          // 1-based column
	Row          int  `json:"row"`          // 1-based row the stone lands on
	Rank         int  `json:"rank"`         // 1-based place in the search order
	WinsNow      bool `json:"winsNow"`      // the move makes four: the solver plays it without searching
	Threats      int  `json:"threats"`      // the mover's winning cells after the move
	GoodThreats  int  `json:"goodThreats"`  // those on the mover's good rows
	BlocksOwn    bool `json:"blocksOwn"`    // the cell above is the mover's threat (-4)
	Forcing      bool `json:"forcing"`      // the move leaves a threat the reply must fill (+4 unless blocksOwn)
	WinsInThree  bool `json:"winsInThree"`  // every reply loses to a four: the search stops here with a win
	OpenLines    int  `json:"openLines"`    // lines of four through the cell holding none of the opponent's stones
	HeldLines    int  `json:"heldLines"`    // those of them holding one of the mover's stones
	BlockedLines int  `json:"blockedLines"` // lines through the cell holding the opponent's stones and none of the mover's
	Score        int  `json:"score"`        // ordering score: threats + goodThreats, -4 if blocksOwn, else +4 if forcing; early in a game, 6 times that + openLines + 2 heldLines + blockedLines
	Class        int  `json:"class"`        // priority class of the cell, 0 for the most lines of four
	Lines        int  `json:"lines"`        // lines of four through the cell
	NonLosing    bool `json:"nonLosing"`    // the move wins at once, or the opponent cannot win at once after it
}

// Inspect returns what the solver sees of p.
func Inspect(p board.Position) Inspection {
	in := engine.Inspect(p)
	j := Inspection{
		ColumnBits: board.ColumnBits,
		Current:    hexWord(in.Current),
		Occupied:   hexWord(in.Occupied),
		Guard:      hexWord(in.Guard),
		Legal:      hexWord(in.Legal),
		Winning:    hexWord(in.Winning),
		NonLosing:  hexWord(in.NonLosing),
		Order:      make([]MoveOrder, 0, in.NumLegal),
	}
	for i := range 2 {
		j.Wins[i] = hexWord(in.Wins[i])
		j.OddThreats[i] = hexWord(in.OddThreats[i])
		j.EvenThreats[i] = hexWord(in.EvenThreats[i])
	}
	for _, col := range in.Order[:in.NumLegal] {
		m := in.Moves[col]
		j.Order = append(j.Order, MoveOrder{
			Col:          col + 1,
			Row:          p.Height(col) + 1,
			Rank:         m.Rank,
			WinsNow:      m.WinsNow,
			Threats:      m.Threats,
			GoodThreats:  m.GoodThreats,
			BlocksOwn:    m.BlocksOwn,
			Forcing:      m.Forcing,
			WinsInThree:  m.WinsInThree,
			OpenLines:    m.OpenLines,
			HeldLines:    m.HeldLines,
			BlockedLines: m.BlockedLines,
			Score:        m.Score,
			Class:        m.Class,
			Lines:        m.Lines,
			NonLosing:    !in.NonLosing.And(m.Cell).IsZero(),
		})
	}
	return j
}

// hexWord writes a word as the inspector shows it.
func hexWord(w board.Bits) string { return w.Hex() }

// Inspected is the answer of an inspection: the position and what the
// solver sees of it, without solving.
type Inspected struct {
	Position
	Inspect Inspection `json:"inspect"`
}

// NewInspected returns the inspection of p, reached by moves.
func NewInspected(moves string, p board.Position) Inspected {
	return Inspected{Describe(moves, p), Inspect(p)}
}
