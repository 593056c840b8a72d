package book

import (
	"encoding/binary"
	"strconv"
)

// This file is the one place where a book key meets bytes and text: the
// key's Go type, its width in a book file (which the file's header
// records), and the two pairs of functions that write and read it, in a
// book file (little-endian) and in a shard's record (decimal). Keys wider
// than 32 bits (deeper books on wide boards, boards of two words) change
// this file and the key type of [engine.Book] and [board.BookKey], and
// nothing else in the package.

// bookKey is the type of a book key, [board.BookKey]'s and [engine.Book]'s.
type bookKey = uint32

// keyBytes is the width of a key in a book file, in bytes: 4, a stone
// string of up to 32 bits (board.MaxBookPlies stones). A book file's
// header records it, and a reader refuses keys of another width.
const keyBytes = 4

// appendKey appends the book file's encoding of k to out.
func appendKey(out []byte, k bookKey) []byte { return binary.LittleEndian.AppendUint32(out, k) }

// readKey decodes the key at the start of b, which holds at least keyBytes.
func readKey(b []byte) bookKey { return binary.LittleEndian.Uint32(b) }

// formatKey is k as a shard's record writes it.
func formatKey(k bookKey) string { return strconv.FormatUint(uint64(k), 10) }

// parseKey reads a key as formatKey writes it.
func parseKey(s string) (bookKey, error) {
	k, err := strconv.ParseUint(s, 10, 8*keyBytes)
	return bookKey(k), err
}
