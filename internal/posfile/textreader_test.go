package posfile

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/fourgen/fourgen/internal/endless"
)

// TestTextReader checks that TextReader passes text on unchanged, and
// fails at the first NUL byte or line over the limit, endless input too,
// naming the line.
func TestTextReader(t *testing.T) {
	long := strings.Repeat("1", MaxLineBytes)
	for _, tc := range []struct {
		name string
		r    io.Reader
		want error
		out  string // what is passed on before the error (or all)
	}{
		{"text", strings.NewReader("a,b\r\n1,2\n3"), nil, "a,b\r\n1,2\n3"},
		{"exactly the limit", strings.NewReader(long + "\r\n" + long), nil, long + "\r\n" + long},
		{"NUL", strings.NewReader("a\nb\x00c\n"), BinaryError{Line: 2}, "a\nb"},
		{"one byte over", strings.NewReader("a\n" + long + "1\n"), LongLineError{Line: 2, Max: MaxLineBytes}, "a\n" + long + "1"},
		{"one byte over, last", strings.NewReader(long + "1"), LongLineError{Line: 1, Max: MaxLineBytes}, long + "1"},
		{"a cr, then one byte over", strings.NewReader(long + "\r1\n"), LongLineError{Line: 1, Max: MaxLineBytes}, long + "\r"},
		{"zeros", endless.Reader(0), BinaryError{Line: 1}, ""},
		{"endless line", iotest.OneByteReader(endless.Reader('x')), LongLineError{Line: 1, Max: MaxLineBytes}, long + "1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := io.ReadAll(TextReader(tc.r))
			if !errors.Is(err, tc.want) || strings.ReplaceAll(string(out), "x", "1") != tc.out {
				t.Errorf("TextReader passed on %d bytes, then %v; want %d bytes, then %v", len(out), err, len(tc.out), tc.want)
			}
		})
	}
}

// FuzzTextReader checks that TextReader passes on its input unchanged up
// to the first NUL byte or line over the limit, and fails there naming its
// line, with the real limit and a small one.
func FuzzTextReader(f *testing.F) {
	for _, seed := range []string{"", "a\n", "a\r\nb", "\x00", "1234567890123456\r\n", "12345678901234567\n", "1\n\x00", strings.Repeat("x", MaxLineBytes+1)} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, max := range []int{MaxLineBytes, 16} {
			out, err := io.ReadAll(iotest.HalfReader(&textReader{r: bytes.NewReader(data), max: max, line: 1}))
			if !bytes.HasPrefix(data, out) {
				t.Fatalf("limit %d: passed on %.60q, not a prefix of the input", max, out)
			}
			lines := rawLines(string(data))
			bad := func(l string) bool { return strings.Contains(l, "\x00") || len(l) > max }
			at := 0 // the line the reader should fail at, from 1, or 0
			for i, l := range lines {
				if bad(l) {
					at = i + 1
					break
				}
			}
			switch e := err.(type) {
			case nil:
				if at != 0 || len(out) != len(data) {
					t.Fatalf("limit %d: no error, but line %d of %.80q is bad", max, at, lines)
				}
			case BinaryError:
				if e.Line != at || !strings.Contains(lines[at-1], "\x00") || len(out) != bytes.IndexByte(data, 0) {
					t.Fatalf("limit %d: %v after %d bytes of %.80q", max, err, len(out), lines)
				}
			case LongLineError:
				if e.Line != at || len(lines[at-1]) <= max || e.Max != max {
					t.Fatalf("limit %d: %v of %.80q", max, err, lines)
				}
			default:
				t.Fatalf("limit %d: %v", max, err)
			}
		}
	})
}
