package book

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"os"

	"github.com/fourgen/fourgen/engine"
)

// This file holds the book file format (described in doc.go): Parse and
// Marshal, and Load and Write for files on disk.

const (
	magic      = "fgbook"
	version    = 1
	headerSize = 24
)

var crcTable = crc32.MakeTable(crc32.Castagnoli)

// ErrBadBook is wrapped by every error about a malformed book file.
var ErrBadBook = errors.New("bad book")

func badBook(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrBadBook}, args...)...)
}

// Marshal encodes a book in the file format.
func Marshal(b *engine.Book) ([]byte, error) {
	if b == nil {
		return nil, errors.New("marshal: no book")
	}
	n := b.Len()
	out := make([]byte, headerSize, headerSize+5*n)
	copy(out, magic)
	binary.LittleEndian.PutUint16(out[6:], version)
	out[8], out[9], out[10], out[11] = engine.Width, engine.Height, byte(b.Plies()), byte(b.Kind())
	binary.LittleEndian.PutUint32(out[12:], uint32(n))
	for i := range n {
		k, _ := b.KeyScore(i)
		out = binary.LittleEndian.AppendUint32(out, k)
	}
	for i := range n {
		_, s := b.KeyScore(i)
		out = append(out, byte(int8(s)))
	}
	binary.LittleEndian.PutUint32(out[16:], crc32.Checksum(out[headerSize:], crcTable))
	return out, nil
}

// Parse decodes and checks a book file. Every error wraps [ErrBadBook]
// and says what is wrong: truncation, corruption, another geometry or
// another format version.
func Parse(data []byte) (*engine.Book, error) {
	if len(data) < headerSize {
		return nil, badBook("truncated: %d bytes, shorter than the %d-byte header", len(data), headerSize)
	}
	if string(data[:6]) != magic {
		return nil, badBook("not a fourgen book (magic %q)", data[:6])
	}
	if v := binary.LittleEndian.Uint16(data[6:]); v != version {
		return nil, badBook("format version %d, this program reads version %d", v, version)
	}
	if w, h := int(data[8]), int(data[9]); w != engine.Width || h != engine.Height {
		return nil, badBook("made for a %d×%d board, this engine plays %d×%d", w, h, engine.Width, engine.Height)
	}
	plies, kind := int(data[10]), engine.BookKind(data[11])
	if plies > engine.MaxBookPlies {
		return nil, badBook("%d plies, at most %d are supported", plies, engine.MaxBookPlies)
	}
	if kind != engine.BookExact && kind != engine.BookWDL {
		return nil, badBook("unknown kind %d", kind)
	}
	if r := binary.LittleEndian.Uint32(data[20:]); r != 0 {
		return nil, badBook("reserved header field is %#x, want 0", r)
	}
	n := int(binary.LittleEndian.Uint32(data[12:]))
	if want := headerSize + 5*n; len(data) != want {
		if len(data) < want {
			return nil, badBook("truncated: %d bytes, the header announces %d entries in %d bytes", len(data), n, want)
		}
		return nil, badBook("%d bytes, %d more than the %d entries take", len(data), len(data)-want, n)
	}
	if sum := crc32.Checksum(data[headerSize:], crcTable); sum != binary.LittleEndian.Uint32(data[16:]) {
		return nil, badBook("corrupt: checksum %#08x, header says %#08x", sum, binary.LittleEndian.Uint32(data[16:]))
	}
	keys, scores := make([]uint32, n), make([]int8, n)
	for i := range n {
		keys[i] = binary.LittleEndian.Uint32(data[headerSize+4*i:])
		scores[i] = int8(data[headerSize+4*n+i])
	}
	b, err := engine.NewBook(plies, kind, keys, scores)
	if err != nil {
		return nil, badBook("corrupt: %v", err)
	}
	return b, nil
}

// Load reads and parses the book file at path. Its errors name the file.
func Load(path string) (*engine.Book, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	b, err := Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return b, nil
}

// Write writes b to the file at path in the file format and returns the
// number of bytes written.
func Write(path string, b *engine.Book) (int, error) {
	data, err := Marshal(b)
	if err != nil {
		return 0, err
	}
	return len(data), os.WriteFile(path, data, 0o644)
}
