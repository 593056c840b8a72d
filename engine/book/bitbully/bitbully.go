package bitbully

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/fourgen/fourgen/engine/board"
)

// Plies is the number of stones of every position in the database.
const Plies = 8

// width and height are the board the database is of: its keys are the
// stone strings of that board.
const width, height = 7, 6

const (
	recordSize = 3 // bytes per record
	valueBits  = 2 // the low bits of a record that hold the value
	valueMask  = 1<<valueBits - 1
	// maxRecords is how many records distinct 24-bit keys with their low
	// 2 bits cleared allow: a longer file must repeat a key.
	maxRecords = 1 << (8*recordSize - valueBits)
)

// Applies reports whether the database is of this engine's board: at
// another, [Parse] refuses every file and there is nothing to check a
// book against.
func Applies() bool { return board.Width == width && board.Height == height }

// ErrOtherSize says that the database is of another board than this
// engine's; [Parse] wraps it there.
var ErrOtherSize = fmt.Errorf("BitBully's database is of the %d×%d board, this engine plays %d×%d", width, height, board.Width, board.Height)

// ErrBadDatabase is wrapped by every error about a malformed database.
var ErrBadDatabase = errors.New("bad BitBully database")

func badDatabase(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrBadDatabase}, args...)...)
}

// An Entry is one record of the database.
type Entry struct {
	Key      uint32         // the position's stone string, as stored
	Position board.Position // the position the key describes
	// Outcome is the stored value from the side to move's view: 0 a
	// draw, -1 a loss. (Wins are not stored.)
	Outcome int
}

// A DB is a BitBully 8-ply database, checked and decoded.
type DB struct {
	entries []Entry // in file order, sorted by Key
}

// Read reads and checks a whole database. Every error about the data
// wraps [ErrBadDatabase] and names what is wrong: a size that is not a
// whole number of records, keys out of order or repeated, a value other
// than 0 or 1, a key that is not a legal 8-stone position without a four,
// or a position in which the side to move can win at once.
func Read(r io.Reader) (*DB, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxRecords*recordSize+1))
	if err != nil {
		return nil, err
	}
	return Parse(data)
}

// ReadFile reads and checks the database file at path, as [Read] does;
// an error about its data names the file.
func ReadFile(path string) (*DB, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	db, err := Read(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return db, nil
}

// Parse checks and decodes the bytes of a database, as [Read] does.
func Parse(data []byte) (*DB, error) {
	switch {
	case !Applies():
		return nil, fmt.Errorf("%w: %w", ErrBadDatabase, ErrOtherSize)
	case len(data) == 0:
		return nil, badDatabase("empty: no records")
	case len(data) > maxRecords*recordSize:
		return nil, badDatabase("more than %d records, the most distinct keys allow", maxRecords)
	case len(data)%recordSize != 0:
		return nil, badDatabase("%d bytes, not a multiple of the %d-byte record", len(data), recordSize)
	}
	db := &DB{entries: make([]Entry, len(data)/recordSize)}
	for i := range db.entries {
		b := data[recordSize*i:]
		record := uint32(b[0])<<16 | uint32(b[1])<<8 | uint32(b[2]) // big-endian
		key, value := record&^valueMask, record&valueMask
		if i > 0 && key <= db.entries[i-1].Key {
			return nil, badDatabase("record %d (key %d) is not above record %d (key %d): keys must be strictly increasing",
				i, key, i-1, db.entries[i-1].Key)
		}
		if value > 1 {
			return nil, badDatabase("record %d (key %d) has value %d, want 0 (draw) or 1 (loss)", i, key, value)
		}
		p, err := board.ParseStoneString(uint64(key), Plies)
		if err != nil {
			return nil, badDatabase("record %d: key %d is not a position of %d stones: %v", i, key, Plies, err)
		}
		if p.CanWinNow() {
			return nil, badDatabase("record %d: key %d is a position the side to move wins at once", i, key)
		}
		db.entries[i] = Entry{Key: key, Position: p, Outcome: -int(value)}
	}
	return db, nil
}

// Len is the number of records.
func (db *DB) Len() int { return len(db.entries) }

// Entries returns the records in file order, sorted by key. The slice is
// the database's own: do not modify it.
func (db *DB) Entries() []Entry { return db.entries }

// Outcome looks p up, then its mirror, and returns the stored outcome from
// the side to move's view (0 a draw, -1 a loss) and whether either was
// found. A position of 8 stones that is not found is a first-player win if
// it has no four on the board and the side to move cannot win at once;
// Outcome leaves that inference to the caller. Positions of another
// stone count are never found.
func (db *DB) Outcome(p board.Position) (int, bool) {
	if p.Moves() != Plies {
		return 0, false
	}
	for _, q := range [2]board.Position{p, p.Mirror()} {
		key := uint32(board.StoneString(q))
		i, found := slices.BinarySearchFunc(db.entries, key, func(e Entry, k uint32) int { return cmp.Compare(e.Key, k) })
		if found {
			return db.entries[i].Outcome, true
		}
	}
	return 0, false
}
