package book

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/endless"
	"github.com/fourgen/fourgen/internal/movetest"
)

// smallBookRoot and smallBookPlies describe the small book the format
// tests use: the positions of 6 stones after 4453 (in the board's
// notation), a few dozen.
var smallBookRoot = movetest.Fixture("4453")

const smallBookPlies = 6

// fakeBook makes a book of every position Positions lists from root,
// with made-up scores in range: the format does not know the truth.
func fakeBook(tb testing.TB, root string, plies int, kind engine.BookKind) *engine.Book {
	tb.Helper()
	ps, err := Positions(mustParse(tb, root), plies)
	if err != nil {
		tb.Fatal(err)
	}
	entries := make(map[bookKey]board.Score)
	for i, p := range ps {
		v := board.Score(i%7 - 3)
		if kind == engine.BookWDL {
			v = board.Score(v.Outcome())
		}
		entries[board.BookKey(p)] = v
	}
	b, err := fromEntries(plies, kind, entries)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

func marshal(tb testing.TB, b *engine.Book) []byte {
	tb.Helper()
	data, err := Marshal(b)
	if err != nil {
		tb.Fatal(err)
	}
	return data
}

// rawFile writes a book file of the given header fields and entries
// without any check, as a damaged or hostile file may hold them.
func rawFile(plies int, kind engine.BookKind, keys []bookKey, scores []int8) []byte {
	out := make([]byte, headerSize)
	copy(out, magic)
	binary.LittleEndian.PutUint16(out[6:], version)
	out[8], out[9], out[10], out[11] = board.Width, board.Height, byte(plies), byte(kind)
	binary.LittleEndian.PutUint32(out[12:], uint32(len(keys)))
	out[20] = keyBytes
	for _, k := range keys {
		out = appendKey(out, k)
	}
	for _, s := range scores {
		out = append(out, byte(s))
	}
	return withCRC(out)
}

// entries lists the keys and scores of a book in key order.
func entries(b *engine.Book) ([]bookKey, []board.Score) {
	keys, scores := make([]bookKey, b.Len()), make([]board.Score, b.Len())
	for i := range b.Len() {
		keys[i], scores[i] = b.KeyScore(i)
	}
	return keys, scores
}

// smallBookFile is the file of the small book with exact scores.
func smallBookFile(tb testing.TB) []byte {
	return marshal(tb, fakeBook(tb, smallBookRoot, smallBookPlies, engine.BookExact))
}

// TestBookRoundTrip checks that Parse reads back what MarshalBinary
// writes, for both kinds, and that Lookup finds every position and its
// mirror with its score.
func TestBookRoundTrip(t *testing.T) {
	ps, err := Positions(mustParse(t, smallBookRoot), smallBookPlies)
	if err != nil {
		t.Fatal(err)
	}
	for _, kind := range []engine.BookKind{engine.BookExact, engine.BookWDL} {
		b := fakeBook(t, smallBookRoot, smallBookPlies, kind)
		data := marshal(t, b)
		if want := headerSize + entrySize*len(ps); len(data) != want {
			t.Errorf("kind %d: %d bytes, want %d", kind, len(data), want)
		}
		got, err := Parse(data)
		if err != nil {
			t.Fatalf("kind %d: %v", kind, err)
		}
		gotKeys, gotScores := entries(got)
		wantKeys, wantScores := entries(b)
		if got.Plies() != smallBookPlies || got.Kind() != kind || got.Len() != len(ps) ||
			!slices.Equal(gotKeys, wantKeys) || !slices.Equal(gotScores, wantScores) {
			t.Errorf("kind %d: read back plies %d kind %d with %d entries, want plies %d kind %d with %d, same keys and scores",
				kind, got.Plies(), got.Kind(), got.Len(), smallBookPlies, kind, len(ps))
		}
		if again := marshal(t, got); !bytes.Equal(again, data) {
			t.Errorf("kind %d: marshalling the parsed book changes the bytes", kind)
		}
		for i, p := range ps {
			want := wantScores[i]
			for _, q := range []board.Position{p, p.Mirror()} {
				if v, ok := got.Lookup(q); !ok || v != want {
					t.Fatalf("kind %d: Lookup(%d) = %v, %v; want %v, true", kind, board.StoneString(q), v, ok, want)
				}
			}
		}
	}
}

// withCRC recomputes the checksum of a book file after an edit of its
// entries, so that the edit reaches the checks after the checksum.
func withCRC(data []byte) []byte {
	binary.LittleEndian.PutUint32(data[16:], crc32.Checksum(data[headerSize:], crcTable))
	return data
}

// edited returns a copy of data changed by f.
func edited(data []byte, f func(d []byte)) []byte {
	d := slices.Clone(data)
	f(d)
	return d
}

// oneEntryBook is the file of a book holding only key, with score 0,
// written without any check.
func oneEntryBook(plies int, key bookKey) []byte {
	return rawFile(plies, engine.BookExact, []bookKey{key}, []int8{0})
}

func bookKeyOf(tb testing.TB, moves string) bookKey {
	tb.Helper()
	return board.BookKey(mustParse(tb, moves))
}

func stoneStringOf(tb testing.TB, moves string) bookKey {
	tb.Helper()
	return bookKey(board.StoneString(mustParse(tb, moves)))
}

// TestParseErrors checks that Parse refuses every kind of damage
// with an error that wraps ErrBadBook and names the problem.
func TestParseErrors(t *testing.T) {
	skipOtherSize(t) // the messages name the 7×6 board's numbers
	data := smallBookFile(t)
	n := (len(data) - headerSize) / entrySize
	keyAt := func(i int) int { return headerSize + keyBytes*i }
	scoreAt := func(i int) int { return headerSize + keyBytes*n + i }
	// 4453 then 1: its mirror's stone string, 4435 then 7, is the smaller.
	notCanonical := stoneStringOf(t, "44531")
	if board.BookKey(mustParse(t, "44531")) == notCanonical {
		t.Fatal("the stone string of 44531 is its book key; pick another position")
	}
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "truncated: 0 bytes, shorter than the 24-byte header"},
		{"magic", edited(data, func(d []byte) { d[0] = 'F' }), `not a fourgen book (magic "Fgbook")`},
		{"other file", []byte("go test fuzz v1\n[]byte(\"\")\n"), "not a fourgen book"},
		{"version", edited(data, func(d []byte) { d[6] = 3 }), "format version 3, this program reads version 2"},
		{"version 1", edited(data, func(d []byte) { d[6] = 1 }), "format version 1, from before the header recorded the width of keys"},
		{"width", edited(data, func(d []byte) { d[8] = 8 }), "a book of the 8×6 board, this engine plays 7×6"},
		{"height", edited(data, func(d []byte) { d[9] = 7 }), "a book of the 7×7 board"},
		{"key width 8", edited(data, func(d []byte) { d[20] = 8 }), "keys of 8 bytes, this engine's are 4 bytes"},
		{"key width 0", edited(data, func(d []byte) { d[20] = 0 }), "keys of 0 bytes"},
		{"plies beyond 32-bit keys", edited(data, func(d []byte) { d[10] = 13 }), "13 plies, at most 12 are supported"},
		{"plies", edited(data, func(d []byte) { d[10] = 7 }), "corrupt: entry 0: stone string"},
		{"kind 0", edited(data, func(d []byte) { d[11] = 0 }), "unknown kind 0"},
		{"kind 3", edited(data, func(d []byte) { d[11] = 3 }), "unknown kind 3"},
		{"exact scores as win/draw/loss", edited(data, func(d []byte) { d[11] = byte(engine.BookWDL) }), "has score -3, outside -1..1"},
		{"reserved", edited(data, func(d []byte) { d[23] = 1 }), "reserved header bytes are 0001, want 0"},
		{"another rule", edited(data, func(d []byte) { d[21] = byte(board.InARow + 1) }),
			fmt.Sprintf("a book of %d in a row, this engine plays %d in a row: use a c4 built for it (make c4 SIZE=%dx%d K=%d)",
				board.InARow+1, board.InARow, board.Width, board.Height, board.InARow+1)},
		{"count too high", edited(data, func(d []byte) { d[12]++ }), "truncated"},
		{"count too low", edited(data, func(d []byte) { d[12]-- }), "5 more than the"},
		{"trailing byte", append(slices.Clone(data), 0), "1 more than the"},
		{"checksum", edited(data, func(d []byte) { d[16] ^= 1 }), "corrupt: checksum"},
		{"entry changed", edited(data, func(d []byte) { d[scoreAt(0)]++ }), "corrupt: checksum"},
		{"unsorted", withCRC(edited(data, func(d []byte) {
			a, b := d[keyAt(0):keyAt(1)], d[keyAt(1):keyAt(2)]
			t := slices.Clone(a)
			copy(a, b)
			copy(b, t)
		})), "corrupt: entry 1 is out of order"},
		{"repeated key", withCRC(edited(data, func(d []byte) { copy(d[keyAt(2):keyAt(3)], d[keyAt(1):keyAt(2)]) })),
			"corrupt: entry 2 is out of order"},
		{"score too high", withCRC(edited(data, func(d []byte) { d[scoreAt(3)] = 100 })), "corrupt: entry 3 has score 100, outside -18..17"},
		{"score too low", withCRC(edited(data, func(d []byte) { d[scoreAt(4)] = 0x80 })), "corrupt: entry 4 has score -128, outside -18..17"},
		{"key of no position", withCRC(edited(data, func(d []byte) { copy(d[keyAt(0):keyAt(1)], make([]byte, keyBytes)) })),
			"corrupt: entry 0: stone string 0x0 does not end after 7 columns"},
		{"key not canonical", oneEntryBook(5, notCanonical), "corrupt: entry 0 is not stored under its mirror-canonical key"},
		{"key winning at once", oneEntryBook(6, bookKeyOf(t, "121212")), "corrupt: entry 0 is a position the side to move wins at once"},
		{"key with a four", oneEntryBook(8, bookKey(stoneCode("xxxx", "ooo", "o", "", "", "", ""))), "four in a row"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := Parse(tc.data)
			if err == nil {
				t.Fatalf("Parse accepted it: %d entries", b.Len())
			}
			if !errors.Is(err, ErrBadBook) {
				t.Errorf("error %q does not wrap ErrBadBook", err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q does not say %q", err, tc.want)
			}
		})
	}
}

// TestParseTruncated checks that every prefix of a book file is
// refused as truncated.
func TestParseTruncated(t *testing.T) {
	data := smallBookFile(t)
	for n := range len(data) {
		_, err := Parse(data[:n])
		if err == nil || !errors.Is(err, ErrBadBook) || !strings.Contains(err.Error(), "truncated") {
			t.Fatalf("the first %d of %d bytes: error %v, want a truncated book", n, len(data), err)
		}
	}
}

// TestParseBitFlips checks that flipping any one bit of a book file
// makes it refused: the header fields are checked one by one and the
// entries by the checksum, so no damage goes unnoticed.
func TestParseBitFlips(t *testing.T) {
	for _, kind := range []engine.BookKind{engine.BookExact, engine.BookWDL} {
		data := marshal(t, fakeBook(t, smallBookRoot, smallBookPlies, kind))
		for bit := range 8 * len(data) {
			d := edited(data, func(d []byte) { d[bit/8] ^= 1 << (bit % 8) })
			b, err := Parse(d)
			if err == nil {
				t.Fatalf("kind %d: flipping bit %d of byte %d is not noticed (%d entries)", kind, bit%8, bit/8, b.Len())
			}
			if !errors.Is(err, ErrBadBook) {
				t.Fatalf("kind %d: flipping bit %d of byte %d: error %q does not wrap ErrBadBook", kind, bit%8, bit/8, err)
			}
		}
	}
}

// FuzzParse checks that Parse never panics, refuses only with
// ErrBadBook, and that a book it accepts marshals back to the same bytes
// and finds each of its positions; and that ParseTrusted, which checks
// less, accepts what Parse accepts, the same book, and refuses only with
// ErrBadBook.
func FuzzParse(f *testing.F) {
	data := smallBookFile(f)
	f.Add(data)
	f.Add(data[:headerSize])
	// A full centre column (444444 on 7×6) and the positions of one more stone.
	f.Add(marshal(f, fakeBook(f, strings.Repeat(strconv.Itoa((board.Width+1)/2), board.Height), board.Height+1, engine.BookWDL)))
	f.Add(rawFile(0, engine.BookExact, []bookKey{0}, []int8{1}))
	f.Fuzz(func(t *testing.T, data []byte) {
		trusted, terr := ParseTrusted(data)
		if terr != nil && !errors.Is(terr, ErrBadBook) {
			t.Fatalf("ParseTrusted's error %q does not wrap ErrBadBook", terr)
		}
		b, err := Parse(data)
		if err != nil {
			if !errors.Is(err, ErrBadBook) {
				t.Fatalf("error %q does not wrap ErrBadBook", err)
			}
			return
		}
		if terr != nil || !bytes.Equal(marshal(t, trusted), data) {
			t.Fatalf("Parse accepts the book, ParseTrusted says %v", terr)
		}
		if again := marshal(t, b); !bytes.Equal(again, data) {
			t.Fatalf("the book marshals to\n%x\nbut was read from\n%x", again, data)
		}
		for i := range b.Len() {
			key, score := b.KeyScore(i)
			p, err := board.ParseStoneString(uint64(key), b.Plies())
			if err != nil {
				t.Fatalf("entry %d: key %d: %v", i, key, err)
			}
			if v, ok := b.Lookup(p); !ok || v != score {
				t.Fatalf("entry %d: Lookup = %v, %v; want %d, true", i, v, ok, score)
			}
		}
	})
}

// TestReadEndless checks that Read refuses endless input (as /dev/zero
// and /dev/urandom are) at once, by its header, and that after a header
// it reads no more than the entries the header announces and one byte.
func TestReadEndless(t *testing.T) {
	data := smallBookFile(t)
	huge := slices.Clone(data[:headerSize])
	binary.LittleEndian.PutUint32(huge[12:], uint32(maxEntries(smallBookPlies)))
	for _, tc := range []struct {
		name string
		r    io.Reader
		want string
		most int // bytes Read may take
	}{
		{"zeros", endless.Reader(0), `not a fourgen book (magic "\x00\x00\x00\x00\x00\x00")`, headerSize},
		{"random", rand.NewChaCha8([32]byte{1}), "not a fourgen book", headerSize},
		{"a book, then zeros", io.MultiReader(bytes.NewReader(data), endless.Reader(0)), fmt.Sprintf("more than the %d bytes the header's %d entries take", len(data), (len(data)-headerSize)/5), len(data) + 1},
		{"a header of the most entries, then zeros", io.MultiReader(bytes.NewReader(huge), endless.Reader(0)), "more than the", headerSize + entrySize*maxEntries(smallBookPlies) + 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := &countingReader{r: tc.r}
			_, err := Read(r)
			if !errors.Is(err, ErrBadBook) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Read = %v, want ErrBadBook saying %q", err, tc.want)
			}
			if r.n > int64(tc.most) {
				t.Errorf("read %d bytes, want at most %d", r.n, tc.most)
			}
		})
	}
}

// TestReadHeaderCount checks that a header announcing more entries than
// there are positions of its stones is refused before any entry is read,
// and that the bound holds the real counts.
func TestReadHeaderCount(t *testing.T) {
	for plies := range 7 {
		ps, err := Positions(board.Position{}, plies)
		if err != nil {
			t.Fatal(err)
		}
		if len(ps) > maxEntries(plies) {
			t.Errorf("%d positions of %d stones, more than the bound %d", len(ps), plies, maxEntries(plies))
		}
	}
	hdr := rawFile(smallBookPlies, engine.BookExact, nil, nil)
	binary.LittleEndian.PutUint32(hdr[12:], uint32(maxEntries(smallBookPlies)+1))
	r := &countingReader{r: io.MultiReader(bytes.NewReader(hdr), endless.Reader(0))}
	if _, err := Read(r); !errors.Is(err, ErrBadBook) || !strings.Contains(err.Error(), "the header announces") || r.n != headerSize {
		t.Errorf("Read = %v after %d bytes, want the count refused after the header", err, r.n)
	}
}

// FuzzRead checks that Read, which streams, agrees with Parse, which
// has the whole file: the same book, or both refuse.
func FuzzRead(f *testing.F) {
	data := smallBookFile(f)
	f.Add(data)
	f.Add(data[:headerSize])
	f.Add(append(slices.Clone(data), 1))
	f.Add([]byte("fgb"))
	f.Add(rawFile(0, engine.BookExact, []bookKey{0}, []int8{1}))
	f.Fuzz(func(t *testing.T, data []byte) {
		want, werr := Parse(data)
		got, err := Read(iotest.HalfReader(bytes.NewReader(data)))
		if (err == nil) != (werr == nil) || err != nil && !errors.Is(err, ErrBadBook) {
			t.Fatalf("Read: %v, Parse: %v", err, werr)
		}
		if err == nil && !bytes.Equal(marshal(t, got), marshal(t, want)) {
			t.Fatalf("Read and Parse read different books")
		}
	})
}

// TestLoadWrite checks that Write and Load round-trip a book through a
// file, and that Load names the file in its errors.
func TestLoadWrite(t *testing.T) {
	b := fakeBook(t, smallBookRoot, smallBookPlies, engine.BookExact)
	path := filepath.Join(t.TempDir(), "small.fgb")
	n, err := Write(path, b)
	if err != nil || n != len(marshal(t, b)) {
		t.Fatalf("Write = %d, %v; want %d bytes", n, err, len(marshal(t, b)))
	}
	got, err := load(path)
	if err != nil || !bytes.Equal(marshal(t, got), marshal(t, b)) {
		t.Fatalf("Load gives another book (%v)", err)
	}
	if err := os.WriteFile(path, []byte("fgbook"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := load(path); !errors.Is(err, ErrBadBook) || !strings.Contains(err.Error(), path) {
		t.Errorf("Load of a truncated file: %v, want ErrBadBook naming %s", err, path)
	}
	if _, err := load(path + ".absent"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Load of a missing file: %v, want os.ErrNotExist", err)
	}
	if _, err := Marshal(nil); err == nil {
		t.Errorf("Marshal(nil) gives no error")
	}
}
