package book

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/fourgen/fourgen/board"
)

// This file holds the shard text format: a first line naming the build,
// then one "KEY SCORE" line per solved position; and the reading of it,
// line by line and bounded, so that a file of another kind (binary, or
// endless as /dev/zero is) is refused as soon as it is seen.

// shardRange is the slice of the sorted position list that shard i of n
// solves: contiguous, so that neighbours share table entries.
func shardRange(total, i, n int) (lo, hi int) { return total * i / n, total * (i + 1) / n }

// shardHeader is the first line of a shard file.
func (o BuildOptions) shardHeader(total int) string {
	return fmt.Sprintf("fourgen-book-shard v1 width=%d height=%d plies=%d kind=%d shard=%d/%d positions=%d root=%s",
		board.Width, board.Height, o.Plies, o.Kind, o.Shard, o.Shards, total, o.Root)
}

// parseShardHeader reads the first line of a shard file: the build it
// belongs to and the number of positions of the whole build. Only a line
// written by shardHeader, for a shard of a board of this engine's size,
// is one.
func parseShardHeader(line string) (BuildOptions, int, error) {
	var o BuildOptions
	var n int
	head, root, _ := strings.Cut(line, " root=")
	o.Root = root
	if _, err := fmt.Sscanf(head, "fourgen-book-shard v1 width=%d height=%d plies=%d kind=%d shard=%d/%d positions=%d",
		new(int), new(int), &o.Plies, &o.Kind, &o.Shard, &o.Shards, &n); err != nil || line != o.shardHeader(n) ||
		o.Shards < 1 || o.Shard < 0 || o.Shard >= o.Shards || n < 0 {
		return o, 0, fmt.Errorf("not a shard file of this engine (first line %s)", quotePrefix(line))
	}
	return o, n, nil
}

// parseShardLine reads a "KEY SCORE" line.
func parseShardLine(text string) (uint32, board.Score, error) {
	k, v, ok := strings.Cut(text, " ")
	code, err1 := strconv.ParseUint(k, 10, 32)
	score, err2 := strconv.Atoi(v)
	if !ok || err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("malformed line %s", quotePrefix(text))
	}
	return uint32(code), board.Score(score), nil
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
// fields are a few numbers and a root of at most board.Cells moves, is the
// longest line a build writes.
const maxShardLine = 256 + board.Cells

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
