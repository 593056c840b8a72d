package bitbully

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/movetest"
	"github.com/fourgen/fourgen/internal/reftest"
)

// dbPath is the published database: beside the repo, or under
// $FOURGEN_TESTDATA.
var dbPath = filepath.Join(reftest.Dir("../../../../shared/testdata"), "bitbully", "book_8ply.dat")

// refSkips records the tests skipped for want of the reference data.
var refSkips reftest.Skips

// TestMain runs the tests and prints one line naming those that skipped
// for want of the reference data, which go test shows without -v.
func TestMain(m *testing.M) { os.Exit(refSkips.Main(m, "engine/book/bitbully")) }

// skipOtherSize skips a test at a board size other than 7×6, recording
// the skip for the package's summary line: the database and its key
// layout are of that board only.
func skipOtherSize(tb testing.TB) {
	tb.Helper()
	if width != reftest.ClassicWidth || height != reftest.ClassicHeight {
		tb.Fatalf("BitBully's database is of the %d×%d board, the reference data of %d×%d", width, height, reftest.ClassicWidth, reftest.ClassicHeight)
	}
	refSkips.Classic(tb, board.Width, board.Height, board.InARow)
}

// TestParseOtherSize checks that on a board other than the database's,
// Parse refuses any bytes with ErrBadDatabase naming both boards, and
// that on the database's board it never says so.
func TestParseOtherSize(t *testing.T) {
	other := board.Width != width || board.Height != height
	for _, data := range [][]byte{encode(351484), encode(3070568|1, 10120112), nil} {
		_, err := Parse(data)
		said := err != nil && strings.Contains(err.Error(), "this engine plays")
		switch {
		case other && (!errors.Is(err, ErrBadDatabase) || !said):
			t.Errorf("Parse(%x) on %d×%d = %v, want ErrBadDatabase naming the boards", data, board.Width, board.Height, err)
		case !other && said:
			t.Errorf("Parse(%x) on the database's board = %v", data, err)
		}
	}
}

// quietPositions lists, by a plain walk over the games, every position of
// plies stones with no four where the side to move cannot win at once
// (mirrors and transpositions included, and repeated).
func quietPositions(plies int) []board.Position {
	level := []board.Position{{}}
	for range plies {
		seen := make(map[board.Bits]bool)
		var next []board.Position
		for _, p := range level {
			for col := range board.Width {
				if p.CanPlay(col) && !p.IsWinningMove(col) {
					q := p
					q.Play(col)
					if !seen[q.Key()] {
						seen[q.Key()] = true
						next = append(next, q)
					}
				}
			}
		}
		level = next
	}
	var out []board.Position
	for _, p := range level {
		if !p.CanWinNow() {
			out = append(out, p)
		}
	}
	return out
}

// loadDB reads the published database, skipping the test when it is not
// there.
func loadDB(tb testing.TB) (*DB, []byte) {
	tb.Helper()
	data, err := os.ReadFile(dbPath)
	if err != nil {
		refSkips.Skip(tb, err)
	}
	db, err := Read(bytes.NewReader(data))
	if err != nil {
		tb.Fatalf("%s: %v", dbPath, err)
	}
	return db, data
}

// encode writes records (key | value) as the file stores them.
func encode(records ...uint32) []byte {
	var out []byte
	for _, r := range records {
		out = append(out, byte(r>>16), byte(r>>8), byte(r))
	}
	return out
}

func mustParse(tb testing.TB, moves string) board.Position {
	tb.Helper()
	p, err := board.Parse(movetest.Fixture(moves))
	if err != nil {
		tb.Fatalf("Parse(%q): %v", moves, err)
	}
	return p
}

// TestCheckVectors checks the examples the data's README gives of the
// format against the real file.
func TestCheckVectors(t *testing.T) {
	skipOtherSize(t)
	db, data := loadDB(t)
	for _, tc := range []struct {
		moves string
		key   uint32
	}{
		{"67676667", 351484},
		{"12345555", 10120112},
		{"76543333", 3070568},
	} {
		if got := board.StoneString(mustParse(t, tc.moves)); got != uint64(tc.key) {
			t.Errorf("StoneString(%s) = %d, want %d", tc.moves, got, tc.key)
		}
	}
	if first := db.Entries()[0]; first.Key != 351484 || first.Outcome != 0 || data[2]&valueMask != 0 {
		t.Errorf("first record = key %d outcome %d, want key 351484, a draw", first.Key, first.Outcome)
	}
	if first := db.Entries()[0].Position; board.StoneString(first) != board.StoneString(mustParse(t, "67676667")) {
		t.Errorf("first record decodes to\n%vwant 67676667", first)
	}
	// 12345555 is stored only as its mirror 76543333: a loss.
	for _, moves := range []string{"12345555", "76543333"} {
		if v, ok := db.Outcome(mustParse(t, moves)); !ok || v != -1 {
			t.Errorf("Outcome(%s) = %d, %v; want -1, true", moves, v, ok)
		}
	}
	if _, found := slicesIndex(db, 10120112); found {
		t.Errorf("key 10120112 (12345555) is in the file; the README says only its mirror is")
	}
	if _, found := slicesIndex(db, 3070568); !found {
		t.Errorf("key 3070568 (76543333) is not in the file")
	}
}

// slicesIndex finds a stored key by linear search, independent of Outcome.
func slicesIndex(db *DB, key uint32) (int, bool) {
	for i, e := range db.Entries() {
		if e.Key == key {
			return i, true
		}
	}
	return 0, false
}

// TestRealFile checks the published file as a whole against what its
// README says: the record count, the draws and losses, that every entry
// is an 8-stone position the book enumeration lists, and that the
// positions stored under both orientations agree.
func TestRealFile(t *testing.T) {
	skipOtherSize(t)
	db, data := loadDB(t)
	if db.Len() != len(data)/recordSize || db.Len() != 34515 {
		t.Errorf("Len = %d, want %d records (the README: 34,515)", db.Len(), len(data)/recordSize)
	}
	draws, losses := 0, 0
	for _, e := range db.Entries() {
		switch e.Outcome {
		case 0:
			draws++
		case -1:
			losses++
		default:
			t.Fatalf("key %d: outcome %d", e.Key, e.Outcome)
		}
	}
	if draws != 8208 || losses != 26307 {
		t.Errorf("%d draws and %d losses, the README says 8,208 and 26,307", draws, losses)
	}
	if testing.Short() {
		t.Skip("enumerating every 8-ply position is slow")
	}
	all := quietPositions(Plies)
	book := make(map[uint32]bool, len(all))
	for _, p := range all {
		book[board.BookKey(p)] = true
	}
	byBookKey := make(map[uint32]Entry)
	for _, e := range db.Entries() {
		p := e.Position
		if p.Moves() != Plies || p.IsWon() || p.CanWinNow() || uint32(board.StoneString(p)) != e.Key {
			t.Errorf("key %d decodes to a position of %d stones (won %v, can win now %v):\n%v",
				e.Key, p.Moves(), p.IsWon(), p.CanWinNow(), p)
		}
		k := board.BookKey(p)
		if !book[k] {
			t.Errorf("key %d is not among the positions of 8 stones a game reaches", e.Key)
		}
		if prev, ok := byBookKey[k]; ok && prev.Outcome != e.Outcome {
			t.Errorf("keys %d and %d are mirrors but have outcomes %d and %d", prev.Key, e.Key, prev.Outcome, e.Outcome)
		}
		byBookKey[k] = e
		if v, ok := db.Outcome(p.Mirror()); !ok || v != e.Outcome {
			t.Errorf("Outcome of the mirror of key %d = %d, %v; want %d, true", e.Key, v, ok, e.Outcome)
		}
	}
	t.Logf("%d records, %d positions up to mirroring (%d stored both ways); %d of the %d enumerated positions are wins",
		db.Len(), len(byBookKey), db.Len()-len(byBookKey), len(book)-len(byBookKey), len(book))
}

// TestOutcomeOtherPlies checks that positions of other stone counts are
// never found, even when their stone string matches a key.
func TestOutcomeOtherPlies(t *testing.T) {
	skipOtherSize(t)
	p := mustParse(t, "67676667")
	db, err := Parse(encode(uint32(board.StoneString(p))))
	if err != nil {
		t.Fatal(err)
	}
	if v, ok := db.Outcome(p); !ok || v != 0 {
		t.Errorf("Outcome(67676667) = %d, %v; want 0, true", v, ok)
	}
	for _, moves := range []string{"", "4", "6767666", "676766675"} {
		if v, ok := db.Outcome(mustParse(t, moves)); ok {
			t.Errorf("Outcome(%q) = %d, found; want not found", moves, v)
		}
	}
}

// TestParseErrors checks that every malformed file is refused with an
// error that wraps ErrBadDatabase and names the problem.
func TestParseErrors(t *testing.T) {
	skipOtherSize(t)
	draw := uint32(board.StoneString(mustParse(t, "67676667")))
	loss := uint32(board.StoneString(mustParse(t, "76543333"))) | 1
	won := stones("xxxx", "ooo", "o", "", "", "", "") // four in column 1
	winNow := uint32(board.StoneString(mustParse(t, "11223355")))
	seven := uint32(board.StoneString(mustParse(t, "1234567"))) // 7 stones: 22 bits
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "empty: no records"},
		{"one byte", []byte{5}, "1 bytes, not a multiple of the 3-byte record"},
		{"torn record", encode(draw, loss)[:5], "5 bytes, not a multiple of the 3-byte record"},
		{"unsorted", encode(loss, draw), "record 1 (key 351484) is not above record 0 (key 3070568)"},
		{"repeated", encode(draw, draw), "record 1 (key 351484) is not above record 0"},
		{"repeated, other value", encode(draw, draw|1), "record 1 (key 351484) is not above record 0"},
		{"value 2", encode(draw | 2), "record 0 (key 351484) has value 2, want 0 (draw) or 1 (loss)"},
		{"value 3", encode(loss | 3), "has value 3"},
		{"zero key", encode(0), "record 0: key 0 is not a position of 8 stones"},
		{"seven stones", encode(seven << 2), "is not a position of 8 stones"},
		{"four on board", encode(won), "is not a position of 8 stones: stone string 0x"},
		{"can win now", encode(winNow), "record 0: key " + itoa(winNow) + " is a position the side to move wins at once"},
		{"too long", make([]byte, 3*maxRecords+3), "more than 4194304 records"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			db, err := Read(bytes.NewReader(tc.data))
			if err == nil {
				t.Fatalf("Read accepted it: %d entries", db.Len())
			}
			if !errors.Is(err, ErrBadDatabase) {
				t.Errorf("error %q does not wrap ErrBadDatabase", err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q does not say %q", err, tc.want)
			}
		})
	}
}

func itoa(k uint32) string { return strconv.FormatUint(uint64(k), 10) }

// stones writes the stone string of columns drawn bottom to top with x for
// the first player and o for the second, whether or not it is legal.
func stones(columns ...string) uint32 {
	var code uint32
	for _, col := range columns {
		for _, c := range col {
			code = code<<2 | 2
			if c == 'o' {
				code |= 1
			}
		}
		code <<= 1
	}
	return code << 1
}

// TestReadError checks that a failing reader's error comes back as is, on
// every board (the bytes are read before the board is checked).
func TestReadError(t *testing.T) {
	want := errors.New("disk on fire")
	if _, err := Read(failingReader{want}); !errors.Is(err, want) || errors.Is(err, ErrBadDatabase) {
		t.Errorf("Read(failing reader) = %v, want %v", err, want)
	}
}

type failingReader struct{ err error }

func (r failingReader) Read([]byte) (int, error) { return 0, r.err }

// FuzzRead checks that Read never panics, and that whatever it accepts
// reads back the bytes it was given and decodes consistently (on a board
// other than the database's it accepts nothing).
func FuzzRead(f *testing.F) {
	f.Add(encode(351484))
	f.Add(encode(3070568|1, 10120112))
	f.Add([]byte{1, 2})
	if data, err := os.ReadFile(dbPath); err == nil {
		f.Add(data[:30])
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		db, err := Read(bytes.NewReader(data))
		if err != nil {
			if !errors.Is(err, ErrBadDatabase) {
				t.Fatalf("error %q does not wrap ErrBadDatabase", err)
			}
			return
		}
		var back []uint32
		for _, e := range db.Entries() {
			if uint32(board.StoneString(e.Position)) != e.Key || e.Position.Moves() != Plies {
				t.Fatalf("key %d decodes to a position whose stone string is %d", e.Key, board.StoneString(e.Position))
			}
			if v, ok := db.Outcome(e.Position); !ok || v != e.Outcome {
				t.Fatalf("Outcome(key %d) = %d, %v; want %d, true", e.Key, v, ok, e.Outcome)
			}
			back = append(back, e.Key|uint32(-e.Outcome))
		}
		if !bytes.Equal(encode(back...), data) {
			t.Fatalf("entries re-encode to %x, read from %x", encode(back...), data)
		}
	})
}
