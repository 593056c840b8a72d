package posfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/endless"
)

// TestReadLines checks line splitting: endings, a last line without one,
// a line of exactly the limit and a byte order mark.
func TestReadLines(t *testing.T) {
	long := strings.Repeat("1", MaxLineBytes)
	for _, tc := range []struct {
		name, in string
		want     []Line
	}{
		{"empty", "", nil},
		{"one", "4453", []Line{{1, "4453"}}},
		{"newline", "4453\n", []Line{{1, "4453"}}},
		{"blank lines", "\n\n", []Line{{1, ""}, {2, ""}}},
		{"crlf", "44\r\n55\r\n", []Line{{1, "44"}, {2, "55"}}},
		{"bare cr kept", "44\r", []Line{{1, "44\r"}}},
		{"exactly the limit", long + "\r\n1", []Line{{1, long}, {2, "1"}}},
		{"exactly the limit, last", "1\n" + long, []Line{{1, "1"}, {2, long}}},
		{"byte order mark", bom + "4453\n1\n", []Line{{1, "4453"}, {2, "1"}}},
		{"byte order mark alone", bom, nil},
		{"byte order mark, empty line", bom + "\n", []Line{{1, ""}}},
		{"byte order mark only first", bom + "\n" + bom + "4\n", []Line{{1, ""}, {2, bom + "4"}}},
		{"half a byte order mark", bom[:2] + "4\n", []Line{{1, bom[:2] + "4"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []Line
			for l, err := range Lines(iotest.OneByteReader(strings.NewReader(tc.in))) {
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, l)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("Lines(%.40q) = %.80v, want %.80v", tc.in, got, tc.want)
			}
		})
	}
}

// TestReadLinesBinary checks that input holding a NUL byte is refused:
// whole when the first read holds it, from its line on when later.
func TestReadLinesBinary(t *testing.T) {
	for _, tc := range []struct {
		name  string
		r     io.Reader
		lines int // lines yielded before the error
		line  int // the line the error names
	}{
		{"first line", strings.NewReader("\x00\n4453\n"), 0, 1},
		{"later, in the first read", strings.NewReader("4453\n\n44\x0044\n"), 0, 3},
		{"after the first read", io.MultiReader(strings.NewReader("4453\n\n"), strings.NewReader("1\n4\x00\n5\n")), 3, 4},
		{"in a long line", io.MultiReader(strings.NewReader("1\n"), strings.NewReader(strings.Repeat("4", MaxLineBytes)+"\x00\n")), 1, 2},
		{"endless zeros", endless.Reader(0), 0, 1},
		{"endless zeros after a line", io.MultiReader(strings.NewReader("4453\n"), endless.Reader(0)), 1, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lines, last := readAll(t, tc.r)
			be, ok := errors.AsType[BinaryError](last)
			if !ok || be.Line != tc.line || lines != tc.lines {
				t.Errorf("got %d lines and error %v, want %d lines and a BinaryError naming line %d", lines, last, tc.lines, tc.line)
			}
		})
	}
}

// TestReadLinesTooLong checks that a line longer than MaxLineBytes ends
// the input with an error naming it, whatever follows its first field,
// and that an endless line ends too, read no further than the limit.
func TestReadLinesTooLong(t *testing.T) {
	over := strings.Repeat("1", MaxLineBytes+1)
	for _, tc := range []struct {
		name  string
		r     io.Reader
		lines int // lines yielded before the error
		line  int // the line the error names
	}{
		{"one byte over", strings.NewReader("4453\n" + over + "\n2\n"), 1, 2},
		{"one byte over, crlf", strings.NewReader(over + "\r\n2\n"), 0, 1},
		{"one byte over, last", strings.NewReader("4\n5\n" + over), 2, 3},
		{"blanks after the first field", strings.NewReader("2" + strings.Repeat(" ", 70000) + "\x01\n"), 0, 1},
		{"blanks before the first field", strings.NewReader(strings.Repeat(" ", MaxLineBytes) + "4453\n"), 0, 1},
		{"megabyte", strings.NewReader(strings.Repeat("7", 1<<20) + "\n3\n"), 0, 1},
		{"endless", endless.Reader('x'), 0, 1},
		{"endless after lines", io.MultiReader(strings.NewReader("4453\n\n"), endless.Reader('4')), 2, 3},
		{"endless, one byte a read", iotest.OneByteReader(endless.Reader(' ')), 0, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			counted := &countingReader{r: tc.r}
			lines, last := readAll(t, counted)
			le, ok := errors.AsType[LongLineError](last)
			if !ok || le.Line != tc.line || lines != tc.lines {
				t.Errorf("got %d lines and error %v, want %d lines and a LongLineError naming line %d", lines, last, tc.lines, tc.line)
			}
			if counted.n > 2*MaxLineBytes+64 {
				t.Errorf("read %d bytes, want no more than the limit and a line or two", counted.n)
			}
		})
	}
}

// readAll reads the lines of r, failing on a line after an error, and
// returns how many lines came before the error and the error.
func readAll(t *testing.T, r io.Reader) (lines int, last error) {
	t.Helper()
	for _, err := range Lines(r) {
		if err != nil {
			last = err
			continue
		}
		if last != nil {
			t.Fatal("a line after the error")
		}
		lines++
	}
	return lines, last
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// TestReadLinesError checks that a read error ends the lines and is passed on.
func TestReadLinesError(t *testing.T) {
	r := iotest.TimeoutReader(strings.NewReader("44\n55\n")) // fails on the second read
	var errs int
	for _, err := range Lines(r) {
		if err != nil {
			errs++
		}
	}
	if errs != 1 {
		t.Errorf("got %d errors, want 1", errs)
	}
}

// TestLineFields checks how the move string is taken from a line, and
// which lines are refused before the engine sees their moves.
func TestLineFields(t *testing.T) {
	for _, tc := range []struct {
		line, moves string
		rest        []string
		err         string // a piece of the error, "" for none
	}{
		{"", "", nil, ""}, // the empty board, as for c4solver
		{"\r", "", nil, ""},
		{"4453", "4453", nil, ""},
		{"4453 -2", "4453", []string{"-2"}, ""},
		{"4453\t-2\r", "4453", []string{"-2"}, ""},
		{"4453 1 2  3 ", "4453", []string{"1", "2", "3"}, ""},
		{"44\r", "44", nil, ""},
		{"  4453", "4453", nil, ""},
		{"\t4453", "4453", nil, ""},
		{" \t 4453 -2", "4453", []string{"-2"}, ""},
		{" 1", "1", nil, ""}, // a leading blank is skipped, never the empty board
		{" ", "", nil, "blanks only"},
		{"\t\t\r", "", nil, "blanks only"},
		{"4453 caf\u00e9", "4453", []string{"caf\u00e9"}, ""},
		{"4453 \xff", "4453", nil, "byte 0xff after the moves"},
		{"4453 \x01", "4453", nil, "byte 0x01 after the moves"},
		{"4453 a\x7f", "4453", nil, "byte 0x7f after the moves"},
		{"4453 a\rb", "4453", nil, "byte 0x0d after the moves"},
		{"x4453", "x4453", nil, ""}, // left to board.Parse
	} {
		moves, rest, err := Fields(tc.line)
		if moves != tc.moves || !slices.Equal(rest, tc.rest) || (err == nil) != (tc.err == "") || err != nil && !strings.Contains(err.Error(), tc.err) {
			t.Errorf("Fields(%q) = %q, %q, %v; want %q, %q, error %q", tc.line, moves, rest, err, tc.moves, tc.rest, tc.err)
		}
	}
}

// FuzzLines checks that reading input lines never panics, that Lines
// yields the lines of the input (after a byte order mark), numbered from
// 1, up to the first that holds a NUL byte or is longer than the limit,
// which it names in its error, and that every line either is refused or
// is answered as the position its digits say: those of the line's first
// field after any leading blanks, and the empty board only for an empty
// line. It reads with the real limit and with a small one, which short
// inputs pass.
func FuzzLines(f *testing.F) {
	for _, seed := range []string{
		"", "\n", "4453\n", "4453 -2\r\n\n", "0\n8\n", "44444444", "1212121\n12121212",
		"\xff\n", "4\u0664\n", " 1\n", "\t4\t", "\r", "\r\r\n", strings.Repeat("1234567", 7),
		strings.Repeat("4", MaxLineBytes+3) + "\n44", "  4453\n\t4453\n", " \n\t\n", "4453 \x00",
		"4453 \xff\n", "\x81 1\n \x95", strings.Repeat(" ", MaxLineBytes) + "4453",
		"2" + strings.Repeat(" ", MaxLineBytes+10) + "\x01", bom + "4453\n", bom + "\x00",
		"4\n" + strings.Repeat("5", 20) + "\x00\n", "1\n12345678901234567\r\n",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, max := range []int{MaxLineBytes, 16} {
			checkLines(t, data, max)
		}
	})
}

// checkLines is FuzzLines's check of data read with max as the limit.
func checkLines(t *testing.T, data []byte, max int) {
	want := splitLines(data)
	n := 0
	for l, err := range lines(bytes.NewReader(data), max) {
		if err != nil {
			if be, ok := errors.AsType[BinaryError](err); ok {
				// Named at its line, or before any line when the first read holds it.
				if be.Line > len(want) || !strings.Contains(want[be.Line-1], "\x00") || n != be.Line-1 && n != 0 {
					t.Fatalf("limit %d: %v after %d lines of %.80q", max, err, n, want)
				}
				for _, w := range want[:be.Line-1] {
					if strings.Contains(w, "\x00") {
						t.Fatalf("limit %d: %v, but an earlier line holds one", max, err)
					}
				}
				return
			}
			if le, ok := errors.AsType[LongLineError](err); !ok || le.Line != n+1 || n >= len(want) || len(want[n]) <= max || le.Max != max {
				t.Fatalf("limit %d: %v after %d lines of %.80q", max, err, n, want)
			}
			return
		}
		if n >= len(want) || l.N != n+1 || l.Text != want[n] {
			t.Fatalf("limit %d: line %d %.60q, want line %d of %.80q", max, l.N, l.Text, n+1, want)
		}
		n++
		if len(l.Text) > max || strings.Contains(l.Text, "\x00") {
			t.Fatalf("limit %d: line %d of %d bytes yielded: %.60q", max, l.N, len(l.Text), l.Text)
		}
		checkInput(t, l)
	}
	if n != len(want) {
		t.Errorf("limit %d: read %d lines, want %d", max, n, len(want))
	}
}

// splitLines is the fuzz test's own splitting of input into lines: a byte
// order mark at the start dropped, "\n" or "\r\n" ends a line, a last
// line may have no ending.
func splitLines(data []byte) []string {
	return rawLines(strings.TrimPrefix(string(data), bom))
}

// rawLines splits s into lines as splitLines does, keeping a byte order
// mark.
func rawLines(s string) []string {
	if s == "" {
		return nil
	}
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	for i := range lines {
		if i < len(lines)-1 || strings.HasSuffix(s, "\n") {
			lines[i] = strings.TrimSuffix(lines[i], "\r")
		}
	}
	return lines
}

// checkInput checks that line l either is refused or is answered as the
// position its digits say.
func checkInput(t *testing.T, l Line) {
	in := ParseLine(l)
	if in.Where != fmt.Sprintf("line %d", l.N) {
		t.Errorf("input from %q, want line %d", in.Where, l.N)
	}
	if in.Err != nil {
		return
	}
	digits := lineDigits(l.Text)
	if in.Moves != digits {
		t.Errorf("line %d %.60q: accepted as %.60q, want the move string %.60q", l.N, l.Text, in.Moves, digits)
	}
	if digits == "" && strings.TrimSuffix(l.Text, "\r") != "" {
		t.Errorf("line %d %.60q: answered as the empty board", l.N, l.Text)
	}
	var p board.Position
	for i := range len(digits) {
		col := int(digits[i] - '1')
		if col < 0 || col >= board.Width || !p.CanPlay(col) || p.IsWon() {
			t.Fatalf("line %d %.60q: accepted, but move %d cannot be played", l.N, l.Text, i+1)
		}
		p.Play(col)
	}
	if p != in.Pos || p.IsWon() {
		t.Errorf("line %d %.60q: accepted as a position other than its digits' (won: %t)", l.N, l.Text, p.IsWon())
	}
}

// lineDigits is the fuzz test's own reading of a line: its first field
// after leading spaces and tabs, up to the next space, tab or "\r".
func lineDigits(text string) string {
	text = strings.TrimLeft(text, " \t")
	if i := strings.IndexAny(text, " \t\r"); i >= 0 {
		return text[:i]
	}
	return text
}
