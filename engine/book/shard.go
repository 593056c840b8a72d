package book

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/fourgen/fourgen/engine/board"
)

// This file holds the shard text format: a first line naming the build,
// then one "KEY SCORE CHECKSUM" line per solved position (see
// shardrecord.go); and the reading of it, line by line and bounded, so that
// a file of another kind (binary, or endless as /dev/zero is) is refused
// as soon as it is seen.

// A shardHeader is what the first line of a shard file says: the build,
// the shard, and the run that created the file.
type shardHeader struct {
	opts          BuildOptions // Root, Plies, Kind and Shard
	width, height int          // the board's
	rule          int          // k in a row as the book's header records it: 0 for four (ruleByte)
	positions     int          // the positions of the whole build
	// run is the id drawn when the file was created, runIDLen hex digits,
	// which with the rest of the line keys the records' checksums; "" in
	// a legacy v1 shard, whose records carry none.
	run string
}

// runIDLen is the length of a run id: 16 random bytes in hex.
const runIDLen = 32

// ErrLegacyShard is wrapped by the errors about a shard file of format
// v1, written before each record carried a checksum.
var ErrLegacyShard = errors.New("a legacy v1 shard file, whose records carry no checksums")

// newShardHeader is the header of a new shard file of the build opts of
// total positions, with a fresh random run id.
func newShardHeader(opts BuildOptions, total int) shardHeader {
	var id [runIDLen / 2]byte
	rand.Read(id[:]) // never fails (crypto/rand)
	return shardHeader{opts: opts, width: board.Width, height: board.Height, rule: int(ruleByte(board.InARow)), positions: total, run: hex.EncodeToString(id[:])}
}

// String is the header's line, without its line end.
func (h shardHeader) String() string {
	o := h.opts
	if h.legacy() {
		return fmt.Sprintf("fourgen-book-shard v1 width=%d height=%d plies=%d kind=%d shard=%v positions=%d root=%s",
			h.width, h.height, o.Plies, o.Kind, o.Shard, h.positions, o.Root)
	}
	rule := "" // four in a row, as before connect-k
	if h.rule != 0 {
		rule = fmt.Sprintf(" inarow=%d", h.rule)
	}
	return fmt.Sprintf("fourgen-book-shard v2 width=%d height=%d%s plies=%d kind=%d shard=%v positions=%d run=%s root=%s",
		h.width, h.height, rule, o.Plies, o.Kind, o.Shard, h.positions, h.run, o.Root)
}

// legacy says whether the header is of a v1 shard, without checksums.
func (h shardHeader) legacy() bool { return h.run == "" }

// sameBuild says whether h and g are headers of shards of one build: of
// the same positions, book kind and root, however each splits the work.
func (h shardHeader) sameBuild(g shardHeader) bool {
	return h.opts.Plies == g.opts.Plies && h.opts.Kind == g.opts.Kind && h.positions == g.positions && h.opts.Root == g.opts.Root
}

// parseShardHeader reads the first line of a shard file. Only a line
// that String writes back unchanged is one, and only one of a board of
// this engine's size is accepted: the error of another size names both.
func parseShardHeader(line string) (shardHeader, error) {
	var h shardHeader
	o := &h.opts
	head, root, _ := strings.Cut(line, " root=")
	o.Root = root
	var err error
	if strings.HasPrefix(head, "fourgen-book-shard v1 ") {
		_, err = fmt.Sscanf(head, "fourgen-book-shard v1 width=%d height=%d plies=%d kind=%d shard=%d/%d positions=%d",
			&h.width, &h.height, &o.Plies, &o.Kind, &o.Shard.Index, &o.Shard.Of, &h.positions)
	} else {
		var ruleErr error
		if before, after, ok := strings.Cut(head, " inarow="); ok { // a book of k in a row (connect-k)
			k, rest, _ := strings.Cut(after, " ")
			if h.rule, ruleErr = strconv.Atoi(k); ruleErr == nil && (h.rule < 3 || h.rule == 4 || h.rule > 99) { // four is written without
				ruleErr = errors.New("bad inarow")
			}
			head = before + " " + rest
		}
		_, err = fmt.Sscanf(head, "fourgen-book-shard v2 width=%d height=%d plies=%d kind=%d shard=%d/%d positions=%d run=%s",
			&h.width, &h.height, &o.Plies, &o.Kind, &o.Shard.Index, &o.Shard.Of, &h.positions, &h.run)
		if err == nil {
			err = ruleErr
		}
		if err == nil && (len(h.run) != runIDLen || !isLowerHex(h.run)) {
			err = errors.New("bad run id")
		}
	}
	if err != nil || line != h.String() || o.Shard.Check() != nil || h.positions < 0 {
		return h, fmt.Errorf("not a shard file of this engine (first line %s)", quotePrefix(line))
	}
	if h.width != board.Width || h.height != board.Height {
		return h, fmt.Errorf("%s to merge or resume it", otherSize("a shard of a book", h.width, h.height))
	}
	if k := ruleOf(byte(h.rule)); k != board.InARow {
		return h, fmt.Errorf("%s to merge or resume it", otherRule("a shard of a book", k))
	}
	return h, nil
}

// isLowerHex says whether s is made of the digits of lowercase hex.
func isLowerHex(s string) bool {
	return strings.Trim(s, "0123456789abcdef") == ""
}

// parseShardLine reads a "KEY SCORE" record: the line of a legacy v1
// shard, the line without its checksum in a v2 shard.
func parseShardLine(text string) (bookKey, board.Score, error) {
	k, v, ok := strings.Cut(text, " ")
	code, err1 := parseKey(k)
	score, err2 := strconv.Atoi(v)
	if !ok || err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("malformed line %s", quotePrefix(text))
	}
	return code, board.Score(score), nil
}

// quotePrefix quotes s for an error message, at most its first 32 bytes.
func quotePrefix(s string) string {
	const most = 32
	if len(s) > most {
		return strconv.Quote(s[:most]) + "…"
	}
	return strconv.Quote(s)
}

// maxShardLine is the longest line of a shard file: its header, whose
// fields are a few numbers, a run id and a root of at most board.Cells
// moves, is the longest line a build writes.
const maxShardLine = 256 + runIDLen + board.Cells

// shardReader reads the lines of a shard file, each at most maxShardLine
// bytes, and refuses binary data (a NUL byte). Lines may end in "\n" or
// "\r\n" (a file whose line ends were converted, as by git on Windows).
type shardReader struct {
	name string // the file's name, for errors
	br   *bufio.Reader
	line int   // the number of the last line read, from 1
	size int64 // the bytes of the lines read that ended in a newline
}

func newShardReader(name string, r io.Reader) *shardReader {
	return &shardReader{name: name, br: bufio.NewReaderSize(r, maxShardLine+2)}
}

// next returns the next line without its ending, and whether it had one;
// io.EOF at the end of the file. Its other errors name the file and line.
func (r *shardReader) next() (text string, ended bool, err error) {
	chunk, err := r.br.ReadSlice('\n')
	r.line++
	switch {
	case bytes.IndexByte(chunk, 0) >= 0:
		return "", false, fmt.Errorf("%s:%d: a NUL byte: binary data, not a shard file", r.name, r.line)
	case errors.Is(err, bufio.ErrBufferFull):
		return "", false, fmt.Errorf("%s:%d: a line longer than %d bytes: not a shard file", r.name, r.line, maxShardLine)
	case err == io.EOF && len(chunk) == 0:
		return "", false, io.EOF
	case err != nil && err != io.EOF:
		return "", false, err
	}
	text, ended = strings.CutSuffix(string(chunk), "\n")
	if ended {
		r.size += int64(len(chunk))
		text = strings.TrimSuffix(text, "\r")
	}
	return text, ended, nil
}
