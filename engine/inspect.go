package engine

import (
	"github.com/fourgen/fourgen/engine/board"
)

// This file exposes, read-only, what the search sees of a position: its
// words, the threats of each side and the move ordering of order.go and
// search.go, for tools that explain the solver (c4 serve's inspector).
// Nothing here is on the search's path.

// Inspection is a snapshot of what the solver sees of a position. Every
// word uses the engine's bit layout (see the package doc); the arrays
// indexed by player hold the first player's value at 0, the second's at 1.
type Inspection struct {
	Current  board.Bits // stones of the side to move (once the game is over, of the player who did not move last)
	Occupied board.Bits // all stones
	Guard    board.Bits // the guard bit above each column, never set in a position
	Legal    board.Bits // the lowest empty cell of each column that is not full; none once the game is over

	// Winning is the legal moves that make four at once. When there is
	// one, the solver answers with the win without searching.
	Winning board.Bits

	// NonLosing is the legal moves that win at once (Winning) or after
	// which the opponent cannot make four at once: without an immediate
	// win, the only moves the search tries. It is empty when every move
	// loses, or the game is over.
	NonLosing board.Bits

	Wins        [2]board.Bits // empty cells where each player's stone would make four, while the game goes on
	OddThreats  [2]board.Bits // those of Wins on odd rows (1, 3, 5 from the bottom)
	EvenThreats [2]board.Bits // those of Wins on even rows (2, 4, 6)

	// Moves describes playing each column, indexed by 0-based column; the
	// entry of a full column is the zero MoveInfo.
	Moves [board.Width]MoveInfo
	// Order lists the legal columns (0-based) in the search's order, best
	// first; its first NumLegal entries are used.
	Order    [board.Width]int
	NumLegal int
}

// MoveInfo is what the move ordering knows of one legal move.
type MoveInfo struct {
	Legal bool       // the column is not full
	Cell  board.Bits // the single bit of the stone the move drops
	// WinsNow reports whether the move makes four: the game ends with it.
	WinsNow bool
	// Threats is the number of empty cells where the mover would make four
	// after the move; GoodThreats counts those on the mover's good rows
	// (odd rows for the first player, even rows for the second).
	Threats, GoodThreats int
	// BlocksOwn reports whether the cell above the move is one of the
	// mover's threats, which the opponent's reply on top would fill.
	BlocksOwn bool
	// Forcing reports whether the move leaves the mover a threat the
	// opponent can fill at once, so that the reply is forced.
	Forcing bool
	// WinsInThree reports whether every reply loses to an immediate four
	// (a double threat, or a threat on top of another): the search then
	// returns a win without ordering anything.
	WinsInThree bool
	// OpenLines is the number of lines of four through the cell that hold
	// none of the opponent's stones, and HeldLines those of them that hold
	// one of the mover's: the lines the move builds on. BlockedLines is the
	// number of lines through it that hold the opponent's stones and none
	// of the mover's: the lines the move spoils.
	OpenLines, HeldLines, BlockedLines int
	// Score is the ordering score (the search's move score, threatScore + replyScore): the move's
	// useful threats (those not directly above an opponent's threat),
	// counted once, again on good rows and again when one reply would make
	// them playable; minus 4 when BlocksOwn, else plus 4 when Forcing.
	// Before the board's middle (fewer than 20 stones on 7×6) that score
	// is weighed 6 to 1 against OpenLines, twice HeldLines and
	// BlockedLines, and the two are added (see openLinesScore). The search
	// tries higher scores first; ties go to the column nearer the centre.
	Score int
	// Class is the index of the cell's priority class: 0 for the cells on
	// the most lines of four. Lines is the number of lines through it.
	Class, Lines int
	// Rank is the move's 1-based place in the search's order among all
	// legal moves.
	Rank int
}

// Inspect returns what the solver sees of p. It allocates nothing. A
// finished game (won, or a full board) has no moves and no threats: only
// its words Current, Occupied and Guard are set, Current holding the
// stones of the player who did not make the last move.
func Inspect(p board.Position) Inspection {
	in := Inspection{
		Current:  p.Current(),
		Occupied: p.Occupied(),
		Guard:    board.GuardMask,
	}
	if p.IsWon() || p.IsFull() {
		return in
	}
	in.Legal = p.Legal()
	mover := p.Moves() & 1 // index of the side to move in the per-player arrays
	own, opp := p.WinningCells(), p.OpponentWinningCells()
	in.Wins[mover], in.Wins[1-mover] = own, opp
	for i, w := range in.Wins {
		in.OddThreats[i] = w.And(board.OddRowsMask)
		in.EvenThreats[i] = w.And(board.EvenRowsMask)
	}
	in.Winning = in.Legal.And(own)
	in.NonLosing = board.NonLosingMovesOf(in.Legal, opp).Or(in.Winning)

	// What the move ordering sees of each move comes from the search's own
	// ordering (orderMoves, without a table move): the mover's threats
	// after each move and its score, and the order the search tries the
	// moves in.
	var list moveList
	orderMoves(nil, p, in.Legal, threats{own, opp}, -1, &list, -board.Cells, board.Cells+1) // no bound cuts the list short
	in.NumLegal = list.n
	good := goodRows(p.Moves())
	lines := openLinesOf(p)
	for i := range list.n {
		move, ownWins := list.move[i], list.wins[i]
		col := board.ColumnOf(move)
		in.Order[i] = col
		replies := board.LegalOf(p.Occupied().Or(move))
		m := &in.Moves[col]
		m.Rank = i + 1
		m.Legal, m.Cell, m.Score = true, move, list.score[i]
		m.WinsNow = !move.And(in.Winning).IsZero()
		m.Threats = ownWins.OnesCount()
		m.GoodThreats = ownWins.And(good).OnesCount()
		m.BlocksOwn = !move.Up(1).And(own).IsZero() // the reply on top fills our threat
		m.Forcing = !ownWins.And(replies).IsZero()
		m.WinsInThree = repliesAllLose(ownWins, replies)
		m.OpenLines, m.HeldLines = board.OpenLinesThrough(&lines.own, move)
		_, m.BlockedLines = board.OpenLinesThrough(&lines.theirs, move)
		m.Lines = board.LinesThrough(move)
		m.Class = board.PriorityClass(move)
	}
	return in
}
