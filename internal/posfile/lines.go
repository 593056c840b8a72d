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
	"strings"
	"unicode/utf8"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/english"
)

// MaxLineBytes is the longest line [Lines] reads, without its ending. A
// move string has at most [board.Cells] bytes and its scores a few more,
// so a longer line is no line of positions: it ends the input, unread
// past the limit. Exported for the tests of the readers built on [Lines]
// (benchsets, dataset), which check the refusal by it.
const MaxLineBytes = 64 << 10

// bom is the UTF-8 byte order mark some editors write at the start of a
// text file; Lines skips it.
const bom = "\ufeff"

// Line is one line of input: its 1-based number and its text without
// the line ending.
type Line struct {
	N    int    // the line's number, from 1
	Text string // the line without its ending
}

// Lines yields the lines of r, numbered from 1, without their "\n" or
// "\r\n", and without a UTF-8 byte order mark at the start. A last line
// without a newline counts; an empty input has no lines. Lines ends with
// an error, yielded last with a zero line, for input it cannot read as
// lines of text, as soon as it sees it:
//   - a read error;
//   - a [BinaryError] for a NUL byte, which no text has: seen in what the
//     first read returned, before any line is yielded, or in a later line;
//   - a [LongLineError] for a line longer than [MaxLineBytes], once that
//     many bytes of it are read, so that endless input without a newline
//     ends too.
func Lines(r io.Reader) iter.Seq2[Line, error] { return lines(r, MaxLineBytes) }

// lines is [Lines] with max as the longest line (at least 14 bytes, so that
// the buffer is bufio's smallest or more).
func lines(r io.Reader, max int) iter.Seq2[Line, error] {
	return func(yield func(Line, error) bool) {
		// A line of max bytes and its "\r\n" fit in the buffer: ReadSlice
		// fills it without finding a newline only in a longer line.
		br := bufio.NewReaderSize(r, max+2)
		// Look at what the first read returns, without waiting for more:
		// a binary file is refused before any of it is answered.
		if _, err := br.Peek(1); err == nil {
			ahead, _ := br.Peek(br.Buffered())
			if i := bytes.IndexByte(ahead, 0); i >= 0 {
				yield(Line{}, BinaryError{Line: 1 + bytes.Count(ahead[:i], []byte("\n"))})
				return
			}
			skipBOM(br)
		}
		for n := 1; ; n++ {
			chunk, err := br.ReadSlice('\n')
			switch {
			case bytes.IndexByte(chunk, 0) >= 0:
				yield(Line{}, BinaryError{Line: n})
				return
			case err == bufio.ErrBufferFull:
				yield(Line{}, LongLineError{Line: n, Max: max})
				return
			case err != nil && err != io.EOF:
				yield(Line{}, err)
				return
			case len(chunk) == 0: // EOF at the start of a line
				return
			}
			text, ok := bytes.CutSuffix(chunk, []byte("\n"))
			if ok {
				text, _ = bytes.CutSuffix(text, []byte("\r"))
			}
			if len(text) > max { // a last line without its newline
				yield(Line{}, LongLineError{Line: n, Max: max})
				return
			}
			if !yield(Line{N: n, Text: string(text)}, nil) || err == io.EOF {
				return
			}
		}
	}
}

// skipBOM drops a byte order mark at the start of br. It peeks one byte
// more only while those before are the mark's, so that it never waits for
// input that a line of text (typed at a terminal, say) does not need.
func skipBOM(br *bufio.Reader) {
	for i := 1; i <= len(bom); i++ {
		b, err := br.Peek(i)
		if err != nil || string(b) != bom[:i] {
			return
		}
	}
	br.Discard(len(bom))
}

// BinaryError refuses input that holds a NUL byte: binary data, not lines
// of text. Exported for the tests of the readers built on [Lines]
// (benchsets, dataset), which check that endless zeros end in it.
type BinaryError struct {
	Line int // the first line with a NUL byte
}

func (e BinaryError) Error() string {
	return fmt.Sprintf("line %d holds a NUL byte: binary data, not lines of text", e.Line)
}

// LongLineError refuses a line longer than the limit, [MaxLineBytes].
// Exported for the tests of the readers built on [Lines] (benchsets,
// dataset), which check that an endless line ends in it.
type LongLineError struct {
	Line int // the line's number, from 1
	Max  int // the limit it passed
}

func (e LongLineError) Error() string {
	return fmt.Sprintf("line %d is longer than %d bytes, the most a line may have (a move string has at most %d)", e.Line, e.Max, board.Cells)
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
// string itself to [board.ParseAs].
func Fields(text string) (moves string, rest []string, err error) {
	text = strings.TrimSuffix(text, "\r")
	trimmed := strings.TrimLeft(text, " \t")
	if trimmed == "" && text != "" {
		return "", nil, errBlankLine
	}
	i := strings.IndexAny(trimmed, " \t")
	if i < 0 {
		return trimmed, nil, nil
	}
	moves, after := trimmed[:i], trimmed[i:]
	for j := 0; j < len(after); {
		r, size := utf8.DecodeRuneInString(after[j:])
		if r == utf8.RuneError && size <= 1 || r < ' ' && r != '\t' || r == 0x7f {
			return moves, nil, fmt.Errorf("%s: byte %#02x after the moves is not text", Quote(moves), after[j])
		}
		j += size
	}
	return moves, strings.Fields(strings.ReplaceAll(after, "\t", " ")), nil
}

// errBlankLine refuses a line of spaces and tabs only.
var errBlankLine = errors.New("a line of blanks only: the empty board is an empty line")

// Position plays moves, of 1-based columns in either notation of
// [board.Parse], and refuses what no solver can score: a move string the
// engine refuses, or a position already won.
func Position(moves string) (board.Position, error) {
	p, _, err := PositionAs(moves, false)
	return p, err
}

// PositionAs is [Position] for move strings of 0-based columns too (with
// zeroBased, as [board.ParseAs] reads them), returning their notation.
func PositionAs(moves string, zeroBased bool) (board.Position, board.Notation, error) {
	p, n, err := board.ParseAs(moves, zeroBased)
	if err != nil {
		return p, n, err
	}
	return p, n, p.WonError()
}

// Quote quotes a move string for an error message, shortened when long.
func Quote(moves string) string { return english.Quote(moves, 48) }
