package book

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/atomicfile"
)

// This file holds the book file format (described in doc.go): Parse and
// Marshal, and Load and Write for files on disk.

const (
	magic      = "fgbook"
	version    = 2
	headerSize = 24
	entrySize  = keyBytes + 1 // a key and a score
)

var crcTable = crc32.MakeTable(crc32.Castagnoli)

// ErrBadBook is wrapped by every error about a malformed book file.
var ErrBadBook = errors.New("bad book")

func badBook(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrBadBook}, args...)...)
}

// Size is the length in bytes of b's file.
func Size(b *engine.Book) int { return headerSize + entrySize*b.Len() }

// Marshal encodes a book in the file format.
func Marshal(b *engine.Book) ([]byte, error) {
	if b == nil {
		return nil, errors.New("marshal: no book")
	}
	n := b.Len()
	out := make([]byte, headerSize, headerSize+entrySize*n)
	copy(out, magic)
	binary.LittleEndian.PutUint16(out[6:], version)
	out[8], out[9], out[10], out[11] = board.Width, board.Height, byte(b.Plies()), byte(b.Kind())
	binary.LittleEndian.PutUint32(out[12:], uint32(n))
	out[20], out[21] = keyBytes, ruleByte(board.InARow)
	for i := range n {
		k, _ := b.KeyScore(i)
		out = appendKey(out, k)
	}
	for i := range n {
		_, s := b.KeyScore(i)
		out = append(out, byte(int8(s)))
	}
	binary.LittleEndian.PutUint32(out[16:], crc32.Checksum(out[headerSize:], crcTable))
	return out, nil
}

// header is what the 24-byte header of a book file says.
type header struct {
	plies int
	kind  engine.BookKind
	n     int    // entries
	sum   uint32 // checksum of the entries
}

// otherSize says that a file (what: "a book") is of a w×h board, not of
// this engine's, and which c4 reads it.
func otherSize(what string, w, h int) string {
	return fmt.Sprintf("%s of the %d×%d board, this engine plays %d×%d: use a c4 built for %d×%d (make c4 SIZE=%dx%d)",
		what, w, h, board.Width, board.Height, w, h, w, h)
}

// ruleByte is how a header records k in a row: 0 for four, as books of
// Connect-4 were written before connect-k, else k.
func ruleByte(k int) byte {
	if k == 4 {
		return 0
	}
	return byte(k)
}

// ruleOf is the k in a row a header's rule byte records.
func ruleOf(b byte) int {
	if b == 0 {
		return 4
	}
	return int(b)
}

// otherRule says that a file (what: "a book") is of k in a row, not of
// this engine's rule, and which c4 reads it.
func otherRule(what string, k int) string {
	return fmt.Sprintf("%s of %d in a row, this engine plays %d in a row: use a c4 built for it (make c4 SIZE=%dx%d K=%d)",
		what, k, board.InARow, board.Width, board.Height, k)
}

// size is the length of the book file the header announces.
func (h header) size() int { return headerSize + entrySize*h.n }

// parseHeader checks the header of a book file, the first headerSize
// bytes of data, and says what it announces. Of a shorter data it checks
// what there is, so that a file of another kind is named as such.
func parseHeader(data []byte) (header, error) {
	if len(data) < len(magic) && string(data) != magic[:len(data)] || len(data) >= len(magic) && string(data[:len(magic)]) != magic {
		return header{}, badBook("not a fourgen book (magic %q)", data[:min(len(data), len(magic))])
	}
	if len(data) < headerSize {
		return header{}, badBook("truncated: %d bytes, shorter than the %d-byte header", len(data), headerSize)
	}
	switch v := binary.LittleEndian.Uint16(data[6:]); {
	case v == 1:
		return header{}, badBook("format version 1, from before the header recorded the width of keys; this program reads version %d: merge the book's shards again with it (c4 book merge)", version)
	case v != version:
		return header{}, badBook("format version %d, this program reads version %d", v, version)
	}
	if w, h := int(data[8]), int(data[9]); w != board.Width || h != board.Height {
		return header{}, badBook("%s, or build a book for %d×%d (docs/book.md)", otherSize("a book", w, h), board.Width, board.Height)
	}
	switch k := ruleOf(data[21]); {
	case k != board.InARow:
		return header{}, badBook("%s, or build a book for %d in a row (docs/book.md)", otherRule("a book", k), board.InARow)
	case data[21] != ruleByte(k): // one encoding a rule: four is 0
		return header{}, badBook("rule byte %d, which four in a row writes 0", data[21])
	}
	if k := int(data[20]); k != keyBytes {
		return header{}, badBook("keys of %d bytes, this engine's are %d bytes", k, keyBytes)
	}
	h := header{plies: int(data[10]), kind: engine.BookKind(data[11]), n: int(binary.LittleEndian.Uint32(data[12:])), sum: binary.LittleEndian.Uint32(data[16:])}
	if h.plies > board.MaxBookPlies {
		return header{}, badBook("%d plies, at most %d are supported", h.plies, board.MaxBookPlies)
	}
	if h.kind != engine.BookExact && h.kind != engine.BookWDL {
		return header{}, badBook("unknown kind %d", h.kind)
	}
	if r := data[22:headerSize]; string(r) != "\x00\x00" {
		return header{}, badBook("reserved header bytes are %x, want 0", r)
	}
	if most := maxEntries(h.plies); h.n > most {
		return header{}, badBook("corrupt: the header announces %d entries, but there are at most %d positions of %d stones", h.n, most, h.plies)
	}
	return h, nil
}

// maxEntries is a bound on the positions of plies stones: the ways to
// stack plies stones in the columns, times the ways to choose which of
// them are the first player's. It bounds what a book's header may
// announce, and so what reading a book may take.
func maxEntries(plies int) int {
	stacks := make([]int, plies+1) // ways to stack k stones in the columns so far
	stacks[0] = 1
	for range board.Width {
		next := make([]int, plies+1)
		for k, ways := range stacks {
			for h := 0; h <= board.Height && k+h <= plies; h++ {
				next[k+h] += ways
			}
		}
		stacks = next
	}
	first := 1 // plies choose ceil(plies/2)
	for i := range plies / 2 {
		first = first * (plies - i) / (i + 1)
	}
	return stacks[plies] * first
}

// bookMaker makes a book of decoded entries: [engine.NewBook], or for a
// book checked before, [engine.NewTrustedBook].
type bookMaker func(plies int, kind engine.BookKind, keys []uint32, scores []int8) (*engine.Book, error)

// decode checks the entries of a book file, the body after a header h
// that announced as many, and makes the book with newBook.
func decode(h header, body []byte, newBook bookMaker) (*engine.Book, error) {
	if sum := crc32.Checksum(body, crcTable); sum != h.sum {
		return nil, badBook("corrupt: checksum %#08x, header says %#08x", sum, h.sum)
	}
	keys, scores := make([]bookKey, h.n), make([]int8, h.n)
	for i := range h.n {
		keys[i] = readKey(body[keyBytes*i:])
		scores[i] = int8(body[keyBytes*h.n+i])
	}
	b, err := newBook(h.plies, h.kind, keys, scores)
	if err != nil {
		return nil, badBook("corrupt: %v", err)
	}
	return b, nil
}

// Parse decodes and checks a book file. Every error wraps [ErrBadBook]
// and says what is wrong: truncation, corruption, another geometry or
// another format version.
func Parse(data []byte) (*engine.Book, error) { return parse(data, engine.NewBook) }

// ParseTrusted is [Parse] for a book whose every entry was checked before
// it was built into the program (package openingbook's, whose tests parse
// it with Parse): it checks the header, the size, the checksum, the order
// of the keys and the range of the scores, but not each entry's position
// ([engine.NewTrustedBook]), which would take most of a program's start.
func ParseTrusted(data []byte) (*engine.Book, error) { return parse(data, engine.NewTrustedBook) }

// parse is Parse, making the book with newBook.
func parse(data []byte, newBook bookMaker) (*engine.Book, error) {
	h, err := parseHeader(data)
	if err != nil {
		return nil, err
	}
	if want := h.size(); len(data) != want {
		if len(data) < want {
			return nil, badBook("truncated: %d bytes, the header announces %d entries in %d bytes", len(data), h.n, want)
		}
		return nil, badBook("%d bytes, %d more than the %d entries take", len(data), len(data)-want, h.n)
	}
	return decode(h, data[headerSize:], newBook)
}

// Read reads a book file from r and checks it as [Parse] does. It reads
// the header first, and after it no more than the entries the header
// announces and one byte (to notice an excess), so that a file of another
// kind, or endless input such as /dev/zero, is refused at once.
func Read(r io.Reader) (*engine.Book, error) {
	hdr := make([]byte, headerSize)
	got, err := io.ReadFull(r, hdr)
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return nil, err
	}
	h, err := parseHeader(hdr[:got])
	if err != nil {
		return nil, err
	}
	// ReadAll grows its buffer as data comes, so a header announcing more
	// than there is costs no more memory than the data.
	body, err := io.ReadAll(io.LimitReader(r, int64(h.size()-headerSize)+1))
	if err != nil {
		return nil, err
	}
	switch size := headerSize + len(body); {
	case size < h.size():
		return nil, badBook("truncated: %d bytes, the header announces %d entries in %d bytes", size, h.n, h.size())
	case size > h.size():
		return nil, badBook("more than the %d bytes the header's %d entries take", h.size(), h.n)
	}
	return decode(h, body, engine.NewBook)
}

// load reads and checks the book file at path, as [Read] does. Its errors
// name the file.
func load(path string) (*engine.Book, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := Read(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return b, nil
}

// Write writes b to the file at path in the file format and returns the
// number of bytes written. It writes a temporary file beside path and
// renames it into place (package internal/atomicfile), so that a write that
// fails, on a full disk say, leaves the file at path as it was.
func Write(path string, b *engine.Book) (int, error) {
	data, err := Marshal(b)
	if err != nil {
		return 0, err
	}
	return len(data), atomicfile.WriteFile(path, data, 0o644)
}
