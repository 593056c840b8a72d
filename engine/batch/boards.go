package batch

import (
	"fmt"

	"github.com/fourgen/fourgen/engine/board"
)

// noMove, given as a board's column to [Boards.PlayColumns], leaves that
// board unchanged.
const noMove = 255

// Boards is a batch of Connect-4 positions stored as a struct of arrays:
// board i is the side to move's stones Current[i], all stones Occupied[i]
// and Stones[i] stones played, in the bit layout of package board. The
// three slices have the same length, the batch size. Methods that take a
// destination slice need it at least that long.
type Boards struct {
	Current  []uint64 // stones of the side to move
	Occupied []uint64 // all stones
	Stones   []uint8  // stones on the board
}

// New returns a batch of n empty boards. Boards hold one word each: on a
// board of more than 64 bits there are none, and New panics (check
// [Supported] first).
func New(n int) *Boards {
	if err := Supported(); err != nil {
		panic(err)
	}
	return &Boards{Current: make([]uint64, n), Occupied: make([]uint64, n), Stones: make([]uint8, n)}
}

// Supported is nil when batch plays this build's board, which has one
// word, and otherwise says why not.
func Supported() error {
	if board.Words != 1 {
		return fmt.Errorf("batch plays boards of at most 64 bits, one word a board; a %d×%d board has %d (make c4 SIZE=WxH builds another board)", board.Width, board.Height, board.KeyBits)
	}
	return nil
}

// Len is the number of boards.
func (b *Boards) Len() int { return len(b.Occupied) }

// Set makes board i the position p.
func (b *Boards) Set(i int, p board.Position) {
	b.Current[i], b.Occupied[i], b.Stones[i] = p.Current().Word(0), p.Occupied().Word(0), uint8(p.Moves())
}

// Fill makes every board the position p.
func (b *Boards) Fill(p board.Position) {
	for i := range b.Occupied {
		b.Set(i, p)
	}
}

// check panics with a clear message when dst is shorter than the batch: a
// programming error, like an index out of range.
func (b *Boards) check(op string, n int) {
	if n < b.Len() {
		panic(fmt.Sprintf("batch: %s: destination of %d for %d boards", op, n, b.Len()))
	}
}

// Legal sets dst[i] to the playable cells of board i, one per column that
// is not full.
func (b *Boards) Legal(dst []uint64) {
	b.check("Legal", len(dst))
	occ := b.Occupied
	for i := kernels.legal(dst, occ); i < len(occ); i++ {
		dst[i] = legalOf(occ[i])
	}
}

// Won sets dst[i] to 1 if the side that just moved on board i has four in
// a row, and to 0 otherwise.
func (b *Boards) Won(dst []uint64) {
	b.check("Won", len(dst))
	cur, occ := b.Current, b.Occupied
	for i := kernels.won(dst, cur, occ); i < len(occ); i++ {
		dst[i] = nonzero(fourCellsOf(cur[i] ^ occ[i]))
	}
}

// WinningCells sets dst[i] to the empty cells of board i where a stone of
// the side to move would make four, playable now or not.
func (b *Boards) WinningCells(dst []uint64) {
	b.check("WinningCells", len(dst))
	cur, occ := b.Current, b.Occupied
	for i := kernels.winning(dst, cur, occ); i < len(occ); i++ {
		dst[i] = winningCellsOf(cur[i], occ[i])
	}
}

// NonLosing sets dst[i] to the playable cells of board i after which the
// opponent cannot make four at once: the single cell that blocks the
// opponent's one immediate threat, if it has one, and never a cell directly
// below an opponent's winning cell. It is 0 when every move loses so.
func (b *Boards) NonLosing(dst []uint64) {
	b.check("NonLosing", len(dst))
	cur, occ := b.Current, b.Occupied
	for i := kernels.nonLosing(dst, cur, occ); i < len(occ); i++ {
		dst[i] = nonLosingWord(cur[i], occ[i])
	}
}

// Play drops a stone of the side to move on each board i into the cell
// whose single bit is cells[i], one of its [Boards.Legal] cells; a board
// whose cell is 0 is left unchanged. The game must not be over.
func (b *Boards) Play(cells []uint64) {
	b.check("Play", len(cells))
	cur, occ, st := b.Current, b.Occupied, b.Stones
	for i := kernels.play(cells, cur, occ, st); i < len(occ); i++ {
		moved := -nonzero(cells[i]) // all ones if a stone is played
		cur[i] ^= occ[i] & moved    // the side that moves next owns the other stones
		occ[i] |= cells[i]
		st[i] += uint8(moved & 1)
	}
}

// PlayColumns drops a stone of the side to move on each board i into column
// cols[i] (0-based), which must not be full; a board whose column is
// [noMove] is left unchanged. The game must not be over.
func (b *Boards) PlayColumns(cols []uint8) {
	b.check("PlayColumns", len(cols))
	cur, occ, st := b.Current, b.Occupied, b.Stones
	for i := range occ {
		// Shifting by NoMove*ColumnBits (64 or more) gives 0: no cell.
		shift := uint(cols[i]) * board.ColumnBits
		cell := (occ[i] + 1<<shift) & (bottomColumn << shift)
		moved := -nonzero(cell)
		cur[i] ^= occ[i] & moved
		occ[i] |= cell
		st[i] += uint8(moved & 1)
	}
}

// ResetFinished makes every board whose game is over (won by the side that
// just moved, or full) the position start, sets done[i] to 1 for those
// boards and to 0 for the others, and returns how many it reset.
func (b *Boards) ResetFinished(start board.Position, done []uint64) int {
	b.check("ResetFinished", len(done))
	cur, occ, st := b.Current, b.Occupied, b.Stones
	sc, so, ss := start.Current().Word(0), start.Occupied().Word(0), uint8(start.Moves())
	n := 0
	for i := range occ {
		full := 1 - nonzero(uint64(st[i])^board.Cells)
		fin := nonzero(fourCellsOf(cur[i]^occ[i])) | full
		keep := fin - 1 // all ones if the game goes on
		cur[i] = cur[i]&keep | sc&^keep
		occ[i] = occ[i]&keep | so&^keep
		st[i] = st[i]&uint8(keep) | ss&^uint8(keep)
		done[i] = fin
		n += int(fin)
	}
	return n
}
