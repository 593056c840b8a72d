package engine

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"slices"
	"strings"
	"testing"
)

// smallBookRoot and smallBookPlies describe the small book the format
// tests use: the positions of 6 stones after 4453, a few dozen.
const (
	smallBookRoot  = "4453"
	smallBookPlies = 6
)

// fakeBook makes a book of every position BookPositions lists from root,
// with made-up scores in range: the format does not know the truth.
func fakeBook(tb testing.TB, root string, plies int, kind BookKind) *Book {
	tb.Helper()
	r, err := Parse(root)
	if err != nil {
		tb.Fatal(err)
	}
	ps, err := BookPositions(r, plies)
	if err != nil {
		tb.Fatal(err)
	}
	entries := make(map[uint32]Score)
	for i, p := range ps {
		v := Score(i%7 - 3)
		if kind == BookWDL {
			v = Score(v.Outcome())
		}
		entries[BookKey(p)] = v
	}
	b, err := newBook(plies, kind, entries)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

func marshal(tb testing.TB, b *Book) []byte {
	tb.Helper()
	data, err := b.MarshalBinary()
	if err != nil {
		tb.Fatal(err)
	}
	return data
}

// smallBookFile is the file of the small book with exact scores.
func smallBookFile(tb testing.TB) []byte {
	return marshal(tb, fakeBook(tb, smallBookRoot, smallBookPlies, BookExact))
}

// TestBookRoundTrip checks that ParseBook reads back what MarshalBinary
// writes, for both kinds, and that Lookup finds every position and its
// mirror with its score.
func TestBookRoundTrip(t *testing.T) {
	root, _ := Parse(smallBookRoot)
	ps, err := BookPositions(root, smallBookPlies)
	if err != nil {
		t.Fatal(err)
	}
	for _, kind := range []BookKind{BookExact, BookWDL} {
		b := fakeBook(t, smallBookRoot, smallBookPlies, kind)
		data := marshal(t, b)
		if want := bookHeaderSize + 5*len(ps); len(data) != want {
			t.Errorf("kind %d: %d bytes, want %d", kind, len(data), want)
		}
		got, err := ParseBook(data)
		if err != nil {
			t.Fatalf("kind %d: %v", kind, err)
		}
		if got.Plies() != smallBookPlies || got.Kind() != kind || got.Len() != len(ps) ||
			!slices.Equal(got.keys, b.keys) || !slices.Equal(got.scores, b.scores) {
			t.Errorf("kind %d: read back plies %d kind %d with %d entries, want plies %d kind %d with %d, same keys and scores",
				kind, got.Plies(), got.Kind(), got.Len(), smallBookPlies, kind, len(ps))
		}
		if again := marshal(t, got); !bytes.Equal(again, data) {
			t.Errorf("kind %d: marshalling the parsed book changes the bytes", kind)
		}
		for i, p := range ps {
			want := Score(b.scores[i])
			for _, q := range []Position{p, p.Mirror()} {
				if v, ok := got.Lookup(q); !ok || v != want {
					t.Fatalf("kind %d: Lookup(%d) = %v, %v; want %v, true", kind, StoneString(q), v, ok, want)
				}
			}
		}
	}
}

// TestLookupMisses checks that Lookup finds nothing in a nil book, for a
// position of another stone count or for one the book lacks.
func TestLookupMisses(t *testing.T) {
	b := fakeBook(t, smallBookRoot, smallBookPlies, BookExact)
	var nilBook *Book
	for _, tc := range []struct {
		book  *Book
		moves string
	}{
		{nilBook, "445312"},
		{b, "4453"},
		{b, "44531"},
		{b, "4453122"},
		{b, "111222"}, // 6 stones, not after 4453
		{b, "445361"}, // the side to move wins at once: never in a book
	} {
		p, err := Parse(tc.moves)
		if err != nil {
			t.Fatal(err)
		}
		if v, ok := tc.book.Lookup(p); ok {
			t.Errorf("Lookup(%s) = %v, found; want not found", tc.moves, v)
		}
	}
}

// TestLookupAllocs checks that Lookup allocates nothing, found or not.
func TestLookupAllocs(t *testing.T) {
	b := fakeBook(t, smallBookRoot, smallBookPlies, BookExact)
	in, _ := Parse("445312")
	out, _ := Parse("111222")
	var sink Score
	for _, p := range []Position{in, out} {
		if n := testing.AllocsPerRun(100, func() { sink, _ = b.Lookup(p) }); n != 0 {
			t.Errorf("Lookup allocates %.1f times per call, want 0", n)
		}
	}
	_ = sink
}

// withCRC recomputes the checksum of a book file after an edit of its
// entries, so that the edit reaches the checks after the checksum.
func withCRC(data []byte) []byte {
	binary.LittleEndian.PutUint32(data[16:], crc32.Checksum(data[bookHeaderSize:], crcTable))
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
func oneEntryBook(tb testing.TB, plies int, key uint32) []byte {
	tb.Helper()
	b := &Book{plies: plies, kind: BookExact, keys: []uint32{key}, scores: []int8{0}}
	return marshal(tb, b)
}

func bookKeyOf(tb testing.TB, moves string) uint32 {
	tb.Helper()
	p, err := Parse(moves)
	if err != nil {
		tb.Fatal(err)
	}
	return BookKey(p)
}

func stoneStringOf(tb testing.TB, moves string) uint32 {
	tb.Helper()
	p, err := Parse(moves)
	if err != nil {
		tb.Fatal(err)
	}
	return uint32(StoneString(p))
}

// TestParseBookErrors checks that ParseBook refuses every kind of damage
// with an error that wraps ErrBadBook and names the problem.
func TestParseBookErrors(t *testing.T) {
	data := smallBookFile(t)
	n := (len(data) - bookHeaderSize) / 5
	keyAt := func(i int) int { return bookHeaderSize + 4*i }
	scoreAt := func(i int) int { return bookHeaderSize + 4*n + i }
	// 4453 then 1: its mirror's stone string, 4435 then 7, is the smaller.
	notCanonical := stoneStringOf(t, "44531")
	if p, _ := Parse("44531"); BookKey(p) == notCanonical {
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
		{"version", edited(data, func(d []byte) { d[6] = 2 }), "format version 2, this program reads version 1"},
		{"width", edited(data, func(d []byte) { d[8] = 8 }), "made for a 8×6 board, this engine plays 7×6"},
		{"height", edited(data, func(d []byte) { d[9] = 7 }), "made for a 7×7 board"},
		{"plies beyond 32-bit keys", edited(data, func(d []byte) { d[10] = 13 }), "13 plies, at most 12 are supported"},
		{"plies", edited(data, func(d []byte) { d[10] = 7 }), "corrupt: entry 0: stone string"},
		{"kind 0", edited(data, func(d []byte) { d[11] = 0 }), "unknown kind 0"},
		{"kind 3", edited(data, func(d []byte) { d[11] = 3 }), "unknown kind 3"},
		{"exact scores as win/draw/loss", edited(data, func(d []byte) { d[11] = byte(BookWDL) }), "has score -3, outside -1..1"},
		{"reserved", edited(data, func(d []byte) { d[23] = 1 }), "reserved header field is 0x1000000, want 0"},
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
		{"key of no position", withCRC(edited(data, func(d []byte) { binary.LittleEndian.PutUint32(d[keyAt(0):], 0) })),
			"corrupt: entry 0: stone string 0x0 does not end after 7 columns"},
		{"key not canonical", oneEntryBook(t, 5, notCanonical), "corrupt: entry 0 is not stored under its mirror-canonical key"},
		{"key winning at once", oneEntryBook(t, 6, bookKeyOf(t, "121212")), "corrupt: entry 0 is a position the side to move wins at once"},
		{"key with a four", oneEntryBook(t, 8, uint32(stoneCode("xxxx", "ooo", "o", "", "", "", ""))), "four in a row"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := ParseBook(tc.data)
			if err == nil {
				t.Fatalf("ParseBook accepted it: %d entries", b.Len())
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

// TestParseBookTruncated checks that every prefix of a book file is
// refused as truncated.
func TestParseBookTruncated(t *testing.T) {
	data := smallBookFile(t)
	for n := range len(data) {
		_, err := ParseBook(data[:n])
		if err == nil || !errors.Is(err, ErrBadBook) || !strings.Contains(err.Error(), "truncated") {
			t.Fatalf("the first %d of %d bytes: error %v, want a truncated book", n, len(data), err)
		}
	}
}

// TestParseBookBitFlips checks that flipping any one bit of a book file
// makes it refused: the header fields are checked one by one and the
// entries by the checksum, so no damage goes unnoticed.
func TestParseBookBitFlips(t *testing.T) {
	for _, kind := range []BookKind{BookExact, BookWDL} {
		data := marshal(t, fakeBook(t, smallBookRoot, smallBookPlies, kind))
		for bit := range 8 * len(data) {
			d := edited(data, func(d []byte) { d[bit/8] ^= 1 << (bit % 8) })
			b, err := ParseBook(d)
			if err == nil {
				t.Fatalf("kind %d: flipping bit %d of byte %d is not noticed (%d entries)", kind, bit%8, bit/8, b.Len())
			}
			if !errors.Is(err, ErrBadBook) {
				t.Fatalf("kind %d: flipping bit %d of byte %d: error %q does not wrap ErrBadBook", kind, bit%8, bit/8, err)
			}
		}
	}
}

// FuzzParseBook checks that ParseBook never panics, refuses only with
// ErrBadBook, and that a book it accepts marshals back to the same bytes
// and finds each of its positions.
func FuzzParseBook(f *testing.F) {
	data := smallBookFile(f)
	f.Add(data)
	f.Add(data[:bookHeaderSize])
	f.Add(marshal(f, fakeBook(f, "444444", 7, BookWDL)))
	f.Add(marshal(f, &Book{plies: 0, kind: BookExact, keys: []uint32{0}, scores: []int8{1}}))
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := ParseBook(data)
		if err != nil {
			if !errors.Is(err, ErrBadBook) {
				t.Fatalf("error %q does not wrap ErrBadBook", err)
			}
			return
		}
		if again := marshal(t, b); !bytes.Equal(again, data) {
			t.Fatalf("the book marshals to\n%x\nbut was read from\n%x", again, data)
		}
		for i, key := range b.keys {
			p, err := ParseStoneString(uint64(key), b.plies)
			if err != nil {
				t.Fatalf("entry %d: key %d: %v", i, key, err)
			}
			if v, ok := b.Lookup(p); !ok || v != Score(b.scores[i]) {
				t.Fatalf("entry %d: Lookup = %v, %v; want %d, true", i, v, ok, b.scores[i])
			}
		}
	})
}

// TestBookStats checks that the solver's stats count the book's hits and
// misses: a shallower position is answered without a miss, and a position
// the book lacks is searched, counting a miss.
func TestBookStats(t *testing.T) {
	full := fakeBook(t, smallBookRoot, smallBookPlies, BookExact)
	ps, _ := BookPositions(mustParse(t, smallBookRoot), smallBookPlies)
	missing := ps[len(ps)/2]
	entries := make(map[uint32]Score)
	for i := range full.Len() {
		p, v, err := full.Entry(i)
		if err != nil {
			t.Fatal(err)
		}
		if BookKey(p) != BookKey(missing) {
			entries[BookKey(p)] = v
		}
	}
	holed, err := newBook(smallBookPlies, BookExact, entries)
	if err != nil {
		t.Fatal(err)
	}

	s := NewSolver(1)
	for _, tc := range []struct {
		name       string
		book       *Book
		p          Position
		hits, miss bool
	}{
		{"root in the book", full, missing, true, false},
		{"root above the book", full, mustParse(t, smallBookRoot), true, false},
		{"root missing from the book", holed, missing, false, true},
	} {
		s.SetBook(tc.book)
		s.Reset()
		if _, err := s.Solve(t.Context(), tc.p); err != nil {
			t.Fatal(err)
		}
		st := s.Stats()
		if (st.BookHits > 0) != tc.hits || (st.BookMisses > 0) != tc.miss {
			t.Errorf("%s: %d hits, %d misses; want hits %v, misses %v", tc.name, st.BookHits, st.BookMisses, tc.hits, tc.miss)
		}
		if tc.p.Moves() == smallBookPlies && tc.hits && st.Nodes != 0 {
			t.Errorf("%s: %d nodes for a position the book holds", tc.name, st.Nodes)
		}
	}
}
