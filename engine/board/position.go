package board

// Position is a Connect-4 position: the stones of the side to move, all
// stones, and the number of stones played. The zero value is the empty
// board. Positions are small values; copy them freely.
//
// Methods on the hot path state their preconditions instead of checking
// them; [Parse] and [Position.PlayChecked] are the checked entry points.
type Position struct {
	current Bits // stones of the side to move
	mask    Bits // all stones
	moves   int  // stones on the board
}

// Moves is the number of stones on the board.
func (p Position) Moves() int { return p.moves }

// ToMove is the player to move: 1 for the first player, 2 for the second.
func (p Position) ToMove() int { return 1 + p.moves&1 }

// Current is the word of the side to move's stones.
func (p Position) Current() Bits { return p.current }

// Occupied is the word of all stones.
func (p Position) Occupied() Bits { return p.mask }

// Opponent is the word of the stones of the side that just moved.
func (p Position) Opponent() Bits { return p.current.Xor(p.mask) }

// Legal is the set of cells where a stone can be played now, one per column
// that is not full.
func (p Position) Legal() Bits {
	return LegalOf(p.mask)
}

// CanPlay reports whether column col (0-based) is on the board and not full.
func (p Position) CanPlay(col int) bool {
	return col >= 0 && col < Width && p.mask.And(topCell(col)).IsZero()
}

// Height is the number of stones in column col (0-based).
func (p Position) Height(col int) int {
	return p.mask.And(columnMask[col]).OnesCount()
}

// Play drops a stone of the side to move into column col (0-based). The
// column must be playable and the game not over.
func (p *Position) Play(col int) {
	p.PlayMove(p.mask.Add(bottomCell(col)).And(columnMask[col]))
}

// PlayMove plays the stone whose single bit is move, one of [Position.Legal].
func (p *Position) PlayMove(move Bits) {
	p.current = p.current.Xor(p.mask) // the side that moves next owns the other stones
	p.mask = p.mask.Or(move)
	p.moves++
}

// IsWinningMove reports whether playing column col (0-based) makes four
// for the side to move. The column must be playable. It asks the kernel
// ([HasFour]), which answers faster than the generated per-cell test of
// the cell (see "Which generated code runs where" in the package doc).
func (p Position) IsWinningMove(col int) bool {
	move := p.mask.Add(bottomCell(col)).And(columnMask[col])
	return HasFour(p.current.Or(move))
}

// CanWinNow reports whether the side to move can make four in one move,
// with the kernel ([WinningCellsOf]) over the playable cells.
func (p Position) CanWinNow() bool {
	return !WinningCellsOf(p.current, p.mask).And(LegalOf(p.mask)).IsZero()
}

// WinningCells is the set of empty cells where a stone of the side to move
// would make four, playable now or not.
func (p Position) WinningCells() Bits { return WinningCellsOf(p.current, p.mask) }

// OpponentWinningCells is the set of empty cells where a stone of the side
// that just moved would make four.
func (p Position) OpponentWinningCells() Bits {
	return WinningCellsOf(p.current.Xor(p.mask), p.mask)
}

// IsWon reports whether the side that just moved has four in a row.
func (p Position) IsWon() bool { return HasFour(p.current.Xor(p.mask)) }

// IsFull reports whether every cell is taken.
func (p Position) IsFull() bool { return p.moves == Cells }

// Key is a unique 64-bit key of the position: each column's stones of the
// side to move plus a one above the column's top stone. It fits in KeyBits
// bits, one per bit of the layout (Width×(Height+1)).
func (p Position) Key() Bits { return p.current.Add(p.mask) }

// Mirror is the position reflected left to right.
func (p Position) Mirror() Position {
	return Position{current: MirrorWord(p.current), mask: MirrorWord(p.mask), moves: p.moves}
}

// CanonicalKey is the smaller of the keys of the position and its mirror, so
// that a position and its mirror share one key.
func (p Position) CanonicalKey() Bits {
	return MinKey(p.Key(), MirrorWord(p.Key()))
}

// FromWords is the position whose side to move has stones current, with
// stones occupied in all and moves stones played: the inverse of
// [Position.Current], [Position.Occupied] and [Position.Moves]. The words
// must describe a position a game reaches; nothing is checked.
func FromWords(current, occupied Bits, moves int) Position {
	return Position{current: current, mask: occupied, moves: moves}
}
