// This file reads lines of text and takes the move string from each.

package posfile

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/fourgen/fourgen/engine"
)

// MaxLineBytes is how much of an input line is kept. A move string is at
// most engine.Cells bytes, so only a trailing column could be cut; a move
// string longer than this is refused without being held in memory.
const MaxLineBytes = 64 << 10

// Line is one line of input: its 1-based number and its text without
// the line ending, cut to [MaxLineBytes] when it was longer.
type Line struct {
	N         int    // the line's number, from 1
	Text      string // the line without its ending
	Truncated bool   // the line was longer than MaxLineBytes
}

// Lines yields the lines of r, numbered from 1, without their "\n" or
// "\r\n". A last line without a newline counts; an empty input has no lines.
// Lines of any length are read, but only their first [MaxLineBytes] bytes
// are kept. A read error is yielded last, with a zero line, and so is a
// [BinaryError] for input holding a NUL byte, which no text has: seen in
// what the first read returned, before any line is yielded, or in a later
// line, which ends the lines there.
func Lines(r io.Reader) iter.Seq2[Line, error] {
	return func(yield func(Line, error) bool) {
		br := bufio.NewReaderSize(r, 64<<10)
		for n := 1; ; n++ {
			var kept []byte
			read, nul := false, false
			var err error
			for {
				var chunk []byte
				chunk, err = br.ReadSlice('\n')
				read = read || len(chunk) > 0
				nul = nul || bytes.IndexByte(chunk, 0) >= 0
				// Keep two bytes more than a line may have: a "\r\n" to strip.
				kept = append(kept, chunk[:min(len(chunk), MaxLineBytes+2-len(kept))]...)
				if err != bufio.ErrBufferFull {
					break
				}
			}
			if n == 1 && !nul {
				// Look at what the first read buffered, without waiting for
				// more: a binary file is refused before any of it is answered.
				ahead, _ := br.Peek(br.Buffered())
				if i := bytes.IndexByte(ahead, 0); i >= 0 {
					yield(Line{}, BinaryError{Line: 2 + bytes.Count(ahead[:i], []byte("\n"))})
					return
				}
			}
			if nul {
				yield(Line{}, BinaryError{Line: n})
				return
			}
			if err != nil && err != io.EOF {
				yield(Line{}, err)
				return
			}
			if !read { // EOF at the start of a line
				return
			}
			text := strings.TrimSuffix(string(kept), "\n")
			if len(text) < len(kept) {
				text = strings.TrimSuffix(text, "\r")
			}
			l := Line{N: n, Text: text}
			if len(text) > MaxLineBytes {
				l.Text, l.Truncated = text[:MaxLineBytes], true
			}
			if !yield(l, nil) || err == io.EOF {
				return
			}
		}
	}
}

// BinaryError refuses input that holds a NUL byte: binary data, not lines
// of text.
type BinaryError struct {
	Line int // the first line with a NUL byte
}

func (e BinaryError) Error() string {
	return fmt.Sprintf("line %d holds a NUL byte: binary data, not lines of text", e.Line)
}

// LinesCtx is [Lines] run in a goroutine, so that a cancelled ctx
// stops the consumer at once even while a read (from a terminal, say)
// blocks. It yields ctx's error when ctx is done first. The goroutine ends
// when its read returns; c4 exits before that.
func LinesCtx(ctx context.Context, r io.Reader) iter.Seq2[Line, error] {
	type item struct {
		line Line
		err  error
	}
	return func(yield func(Line, error) bool) {
		items := make(chan item)
		done := make(chan struct{})
		defer close(done)
		go func() {
			defer close(items)
			for line, err := range Lines(r) {
				select {
				case items <- item{line, err}:
				case <-done:
					return
				}
			}
		}()
		for {
			select {
			case <-ctx.Done():
				yield(Line{}, context.Cause(ctx))
				return
			case it, ok := <-items:
				if !ok || !yield(it.line, it.err) {
					return
				}
			}
		}
	}
}

// Fields splits a line into its move string and the fields after it
// (a reference score, say). Spaces and tabs before the move string are
// skipped; the move string runs to the next space or tab; a trailing "\r"
// is dropped. The empty line has the empty move string: the empty board,
// as for c4solver. Fields refuses a line of blanks only (the empty
// board is an empty line) and fields after the moves that are not text
// (invalid UTF-8 or control bytes other than tabs); it leaves the move
// string itself to [engine.Parse]. Of a line cut at [MaxLineBytes]
// (truncated), a last character cut in two is not refused.
func Fields(text string, truncated bool) (moves string, rest []string, err error) {
	text = strings.TrimSuffix(text, "\r")
	trimmed := strings.TrimLeft(text, " \t")
	if trimmed == "" && text != "" {
		return "", nil, ErrBlankLine
	}
	i := strings.IndexAny(trimmed, " \t")
	if i < 0 {
		return trimmed, nil, nil
	}
	moves, after := trimmed[:i], trimmed[i:]
	if truncated {
		after = trimIncompleteRune(after)
	}
	for j := 0; j < len(after); {
		r, size := utf8.DecodeRuneInString(after[j:])
		if r == utf8.RuneError && size <= 1 || r < ' ' && r != '\t' || r == 0x7f {
			return moves, nil, fmt.Errorf("%s: byte %#02x after the moves is not text", Quote(moves), after[j])
		}
		j += size
	}
	return moves, strings.Fields(strings.ReplaceAll(after, "\t", " ")), nil
}

// ErrBlankLine refuses a line of spaces and tabs only.
var ErrBlankLine = errors.New("a line of blanks only: the empty board is an empty line")

// trimIncompleteRune drops the bytes of a character cut off at the end of s.
func trimIncompleteRune(s string) string {
	for i := 1; i < utf8.UTFMax && i <= len(s); i++ {
		if utf8.RuneStart(s[len(s)-i]) {
			if !utf8.FullRuneInString(s[len(s)-i:]) {
				return s[:len(s)-i]
			}
			break
		}
	}
	return s
}

// Position plays moves and refuses what no solver can score: a move
// string the engine refuses, or a position already won.
func Position(moves string) (engine.Position, error) {
	p, err := engine.Parse(moves)
	if err != nil {
		return p, err
	}
	if p.IsWon() {
		return p, fmt.Errorf("the game is already won by player %d", 3-p.ToMove())
	}
	return p, nil
}

// ErrTooLong is the reason a move string longer than [MaxLineBytes] is
// refused without reading it all.
var ErrTooLong = fmt.Errorf("move string too long: more than %d bytes, but the board has %d cells", MaxLineBytes, engine.Cells)

// Quote quotes a move string for an error message, shortened when long.
func Quote(moves string) string {
	const max = 48
	if len(moves) > max {
		return strconv.Quote(moves[:max]) + "…"
	}
	return strconv.Quote(moves)
}
