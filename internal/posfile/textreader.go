// This file holds the limits of Lines as a reader, for readers of text
// formats that keep none of their own.

package posfile

import "io"

// TextReader passes on the bytes of r, but fails as [Lines] does, with a
// [BinaryError] at the first NUL byte and a [LongLineError] at the first
// line longer than [MaxLineBytes] (without its "\n" or "\r\n"), as soon as
// it reads them: for readers of text formats that keep no limit of their
// own, such as encoding/csv's.
func TextReader(r io.Reader) io.Reader { return &textReader{r: r, max: MaxLineBytes, line: 1} }

// textReader is [TextReader] with max as the longest line.
type textReader struct {
	r    io.Reader
	max  int
	line int  // the number of the line being read, from 1
	run  int  // the bytes of that line read so far
	cr   bool // the last of them is a "\r"
	err  error
}

func (t *textReader) Read(p []byte) (int, error) {
	if t.err != nil {
		return 0, t.err
	}
	n, err := t.r.Read(p)
	for i, b := range p[:n] {
		switch {
		case b == 0:
			t.err = BinaryError{Line: t.line}
		case b == '\n':
			if text := t.run - t.crCount(); text > t.max {
				t.err = LongLineError{Line: t.line, Max: t.max}
			}
			t.line, t.run, t.cr = t.line+1, 0, false
		default:
			// One byte more than a line may have can be a "\r" before its "\n".
			if t.run++; t.run > t.max+1 {
				t.err = LongLineError{Line: t.line, Max: t.max}
			}
			t.cr = b == '\r'
		}
		if t.err != nil {
			return i, t.err
		}
	}
	if err == io.EOF && t.run > t.max { // a last line without its newline
		t.err = LongLineError{Line: t.line, Max: t.max}
		return n, t.err
	}
	return n, err
}

// crCount is 1 when the line read so far ends in "\r", else 0.
func (t *textReader) crCount() int {
	if t.cr {
		return 1
	}
	return 0
}
