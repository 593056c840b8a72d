package engine

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"slices"
)

// A Book holds the scores of every position of one stone count, so that the
// solver answers shallow positions without searching to the end.
//
// # File format
//
// A book file is a 24-byte header followed by the entries; all integers
// are little-endian:
//
//	offset size field
//	     0    6 magic "fgbook"
//	     6    2 format version (1)
//	     8    1 board width
//	     9    1 board height
//	    10    1 plies: the number of stones of every position in the book
//	    11    1 kind: 1 exact scores, 2 win/draw/loss only (-1, 0, 1)
//	    12    4 entry count n
//	    16    4 CRC-32 (Castagnoli) of everything after the header
//	    20    4 reserved, zero
//	    24   4n keys, strictly increasing
//	  24+4n   n scores, one signed byte each, from the side to move's view
//
// A key is the smaller of the stone strings of a position and of its
// mirror (see bookcode.go): the encoding of Tromp's and BitBully's
// databases. The book holds only positions where the side to move cannot
// win at once. Loading checks every field, the checksum, the order of the
// keys and that every key decodes to a legal position, and names what is
// wrong.
type Book struct {
	plies  int
	kind   BookKind
	keys   []uint32
	scores []int8
}

// BookKind says what a book's scores are.
type BookKind uint8

// Kinds of book.
const (
	BookExact BookKind = 1 // exact scores
	BookWDL   BookKind = 2 // only the outcome: 1, 0 or -1
)

const (
	bookMagic      = "fgbook"
	bookVersion    = 1
	bookHeaderSize = 24
)

var crcTable = crc32.MakeTable(crc32.Castagnoli)

// ErrBadBook is wrapped by every error about a malformed book file.
var ErrBadBook = errors.New("bad book")

func badBook(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrBadBook}, args...)...)
}

// Plies is the number of stones of the book's positions.
func (b *Book) Plies() int { return b.plies }

// Kind is what the book's scores are.
func (b *Book) Kind() BookKind { return b.kind }

// Len is the number of positions in the book.
func (b *Book) Len() int { return len(b.keys) }

// Lookup returns the book's score of p and whether p is in the book. For a
// [BookWDL] book the score is the outcome only.
func (b *Book) Lookup(p Position) (Score, bool) {
	if b == nil || p.moves != b.plies {
		return 0, false
	}
	i, found := slices.BinarySearch(b.keys, BookKey(p))
	if !found {
		return 0, false
	}
	return Score(b.scores[i]), true
}

// Entry returns the i-th position of the book in key order (0 ≤ i <
// [Book.Len]), in the orientation of its key, and its score.
func (b *Book) Entry(i int) (Position, Score, error) {
	if i < 0 || i >= len(b.keys) {
		return Position{}, 0, fmt.Errorf("book entry %d: out of range [0, %d)", i, len(b.keys))
	}
	p, err := ParseStoneString(uint64(b.keys[i]), b.plies)
	return p, Score(b.scores[i]), err
}

// newBook makes a book from the scores of positions of plies stones, keyed
// by their book codes.
func newBook(plies int, kind BookKind, entries map[uint32]Score) (*Book, error) {
	if plies < 0 || plies > maxBookPlies {
		return nil, fmt.Errorf("book of %d plies: want 0 to %d", plies, maxBookPlies)
	}
	b := &Book{plies: plies, kind: kind}
	for key := range entries {
		b.keys = append(b.keys, key)
	}
	slices.Sort(b.keys)
	for _, key := range b.keys {
		b.scores = append(b.scores, int8(entries[key]))
	}
	return b, nil
}

// MarshalBinary encodes the book in the file format above.
func (b *Book) MarshalBinary() ([]byte, error) {
	out := make([]byte, bookHeaderSize, bookHeaderSize+5*len(b.keys))
	copy(out, bookMagic)
	binary.LittleEndian.PutUint16(out[6:], bookVersion)
	out[8], out[9], out[10], out[11] = Width, Height, byte(b.plies), byte(b.kind)
	binary.LittleEndian.PutUint32(out[12:], uint32(len(b.keys)))
	for _, k := range b.keys {
		out = binary.LittleEndian.AppendUint32(out, k)
	}
	for _, s := range b.scores {
		out = append(out, byte(s))
	}
	binary.LittleEndian.PutUint32(out[16:], crc32.Checksum(out[bookHeaderSize:], crcTable))
	return out, nil
}

// ParseBook decodes and checks a book file. Every error wraps [ErrBadBook]
// and says what is wrong: truncation, corruption, another geometry or
// another format version.
func ParseBook(data []byte) (*Book, error) {
	if len(data) < bookHeaderSize {
		return nil, badBook("truncated: %d bytes, shorter than the %d-byte header", len(data), bookHeaderSize)
	}
	if string(data[:6]) != bookMagic {
		return nil, badBook("not a fourgen book (magic %q)", data[:6])
	}
	if v := binary.LittleEndian.Uint16(data[6:]); v != bookVersion {
		return nil, badBook("format version %d, this program reads version %d", v, bookVersion)
	}
	if w, h := int(data[8]), int(data[9]); w != Width || h != Height {
		return nil, badBook("made for a %d×%d board, this engine plays %d×%d", w, h, Width, Height)
	}
	plies, kind := int(data[10]), BookKind(data[11])
	if plies > maxBookPlies {
		return nil, badBook("%d plies, at most %d are supported", plies, maxBookPlies)
	}
	if kind != BookExact && kind != BookWDL {
		return nil, badBook("unknown kind %d", kind)
	}
	if r := binary.LittleEndian.Uint32(data[20:]); r != 0 {
		return nil, badBook("reserved header field is %#x, want 0", r)
	}
	n := int(binary.LittleEndian.Uint32(data[12:]))
	if want := bookHeaderSize + 5*n; len(data) != want {
		if len(data) < want {
			return nil, badBook("truncated: %d bytes, the header announces %d entries in %d bytes", len(data), n, want)
		}
		return nil, badBook("%d bytes, %d more than the %d entries take", len(data), len(data)-want, n)
	}
	if sum := crc32.Checksum(data[bookHeaderSize:], crcTable); sum != binary.LittleEndian.Uint32(data[16:]) {
		return nil, badBook("corrupt: checksum %#08x, header says %#08x", sum, binary.LittleEndian.Uint32(data[16:]))
	}
	b := &Book{plies: plies, kind: kind, keys: make([]uint32, n), scores: make([]int8, n)}
	lo, hi := scoreRange(plies, kind)
	for i := range n {
		b.keys[i] = binary.LittleEndian.Uint32(data[bookHeaderSize+4*i:])
		b.scores[i] = int8(data[bookHeaderSize+4*n+i])
		if i > 0 && b.keys[i] <= b.keys[i-1] {
			return nil, badBook("corrupt: entry %d is out of order", i)
		}
		if s := int(b.scores[i]); s < lo || s > hi {
			return nil, badBook("corrupt: entry %d has score %d, outside %d..%d", i, s, lo, hi)
		}
		p, err := ParseStoneString(uint64(b.keys[i]), plies)
		if err != nil {
			return nil, badBook("corrupt: entry %d: %v", i, err)
		}
		if BookKey(p) != b.keys[i] {
			return nil, badBook("corrupt: entry %d is not stored under its mirror-canonical key", i)
		}
		if p.CanWinNow() {
			return nil, badBook("corrupt: entry %d is a position the side to move wins at once", i)
		}
	}
	return b, nil
}

// scoreRange is the range of the scores a book of positions of plies
// stones and the given kind can hold.
func scoreRange(plies int, kind BookKind) (lo, hi int) {
	if kind == BookWDL {
		return -1, 1
	}
	return -winScore(plies + 1), winScore(plies + 2) // scores possible after plies stones
}
