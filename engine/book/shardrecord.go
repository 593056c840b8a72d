package book

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash"
	"strconv"
	"strings"

	"github.com/fourgen/fourgen/engine/board"
)

// This file holds the records of a shard file and their checksums. A
// record of a v2 shard is the line "KEY SCORE CHECKSUM": CHECKSUM is the
// first checksumLen bytes, in lowercase hex, of the HMAC-SHA256 of "KEY
// SCORE" as written, keyed with the SHA-256 of the file's header line
// (without its line end). The header holds the build's settings and a run
// id drawn at random when the file was created, so a record checks only in
// the file, and the run, that wrote it: an edited score or key, a record
// copied from another shard file, an edited header, or corruption, fails.
// The key is in the file, so the checksum does not stop whoever recomputes
// it: it catches edits and accidents, not an attacker.

// checksumLen is the bytes of the HMAC kept in a record: 128 bits, the
// half of SHA-256's that RFC 2104 advises keeping at least.
const checksumLen = 16

// A recordCodec writes and reads the records of one shard file, keyed by
// its header. It is not safe for concurrent use.
type recordCodec struct {
	legacy bool      // v1 records, "KEY SCORE" without a checksum
	mac    hash.Hash // HMAC-SHA256 keyed by the header, in a v2 shard
}

// newRecordCodec returns the codec of the records under the header h.
func newRecordCodec(h shardHeader) *recordCodec {
	if h.legacy() {
		return &recordCodec{legacy: true}
	}
	key := sha256.Sum256([]byte(h.String()))
	return &recordCodec{mac: hmac.New(sha256.New, key[:])}
}

// checksum is the checksum of the record text "KEY SCORE".
func (c *recordCodec) checksum(record string) []byte {
	c.mac.Reset()
	c.mac.Write([]byte(record))
	return c.mac.Sum(nil)[:checksumLen]
}

// line is the record of a position's key and score, without a line end.
// Only v2 records are written.
func (c *recordCodec) line(code bookKey, score board.Score) string {
	record := formatKey(code) + " " + strconv.Itoa(int(score))
	return record + " " + hex.EncodeToString(c.checksum(record))
}

// parse reads a record, checking its checksum in a v2 shard.
func (c *recordCodec) parse(text string) (bookKey, board.Score, error) {
	if c.legacy {
		return parseShardLine(text)
	}
	record, sum, ok := strings.Cut(text, " ")
	if ok {
		var rest string
		rest, sum, ok = strings.Cut(sum, " ")
		record += " " + rest
	}
	want, err := hex.DecodeString(sum)
	if !ok || err != nil || len(want) != checksumLen || !isLowerHex(sum) {
		return 0, 0, fmt.Errorf("malformed line %s: want KEY SCORE CHECKSUM", quotePrefix(text))
	}
	if !hmac.Equal(c.checksum(record), want) {
		return 0, 0, fmt.Errorf("record %s fails its checksum: the line, or the file's first line, was edited or corrupted", quotePrefix(record))
	}
	return parseShardLine(record)
}
