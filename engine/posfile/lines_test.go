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

	"github.com/fourgen/fourgen/engine"
)

// TestReadLines checks line splitting: endings, a last line without one,
// and lines too long to keep.
func TestReadLines(t *testing.T) {
	long := strings.Repeat("1", MaxLineBytes+1)
	for _, tc := range []struct {
		name, in string
		want     []Line
	}{
		{"empty", "", nil},
		{"one", "4453", []Line{{1, "4453", false}}},
		{"newline", "4453\n", []Line{{1, "4453", false}}},
		{"blank lines", "\n\n", []Line{{1, "", false}, {2, "", false}}},
		{"crlf", "44\r\n55\r\n", []Line{{1, "44", false}, {2, "55", false}}},
		{"bare cr kept", "44\r", []Line{{1, "44\r", false}}},
		{"exactly the limit", long[1:] + "\r\n1", []Line{{1, long[1:], false}, {2, "1", false}}},
		{"over the limit", long + "\n2", []Line{{1, long[1:], true}, {2, "2", false}}},
		{"over the limit with crlf", long + "\r\n2", []Line{{1, long[1:], true}, {2, "2", false}}},
		{"megabyte", strings.Repeat("7", 1<<20) + "\n3\n", []Line{{1, strings.Repeat("7", MaxLineBytes), true}, {2, "3", false}}},
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
	} {
		t.Run(tc.name, func(t *testing.T) {
			lines := 0
			var last error
			for _, err := range Lines(tc.r) {
				if err != nil {
					last = err
					continue
				}
				if last != nil {
					t.Fatal("a line after the error")
				}
				lines++
			}
			be, ok := errors.AsType[BinaryError](last)
			if !ok || be.Line != tc.line || lines != tc.lines {
				t.Errorf("got %d lines and error %v, want %d lines and a BinaryError naming line %d", lines, last, tc.lines, tc.line)
			}
		})
	}
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
		{"x4453", "x4453", nil, ""}, // left to engine.Parse
	} {
		moves, rest, err := Fields(tc.line, false)
		if moves != tc.moves || !slices.Equal(rest, tc.rest) || (err == nil) != (tc.err == "") || err != nil && !strings.Contains(err.Error(), tc.err) {
			t.Errorf("Fields(%q) = %q, %q, %v; want %q, %q, error %q", tc.line, moves, rest, err, tc.moves, tc.rest, tc.err)
		}
	}
	// A line cut at MaxLineBytes may end in a character cut in two.
	if _, _, err := Fields("4453 \u00e9\xc3", true); err != nil {
		t.Errorf("Fields of a cut line: %v", err)
	}
}

// FuzzLines checks that reading input lines never panics, with the
// numbering Lines promises, and that every line either is refused or
// is answered as the position its digits say: those of the line's first
// field after any leading blanks, and the empty board only for an empty
// line.
func FuzzLines(f *testing.F) {
	for _, seed := range []string{
		"", "\n", "4453\n", "4453 -2\r\n\n", "0\n8\n", "44444444", "1212121\n12121212",
		"\xff\n", "4\u0664\n", " 1\n", "\t4\t", "\r", "\r\r\n", strings.Repeat("1234567", 7),
		strings.Repeat("4", MaxLineBytes+3) + "\n44", "  4453\n\t4453\n", " \n\t\n", "4453 \x00",
		"4453 \xff\n", "\x81 1\n \x95", strings.Repeat(" ", MaxLineBytes) + "4453",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		want := 1
		for l, err := range Lines(bytes.NewReader(data)) {
			if err != nil {
				if !bytes.Contains(data, []byte{0}) {
					t.Fatal(err)
				}
				return // binary data, refused
			}
			if l.N != want {
				t.Fatalf("line numbered %d, want %d", l.N, want)
			}
			want++
			if strings.Contains(l.Text, "\n") || len(l.Text) > MaxLineBytes || l.Truncated && len(l.Text) != MaxLineBytes {
				t.Fatalf("line %d: bad text of %d bytes (truncated %t)", l.N, len(l.Text), l.Truncated)
			}
			in := ParseLine(l)
			if in.Where != fmt.Sprintf("line %d", l.N) {
				t.Errorf("input from %q, want line %d", in.Where, l.N)
			}
			if in.Err != nil {
				continue
			}
			digits := lineDigits(l.Text)
			if l.Truncated || in.Moves != digits {
				t.Errorf("line %d %.60q: accepted as %.60q, want the move string %.60q (truncated %t)", l.N, l.Text, in.Moves, digits, l.Truncated)
			}
			if digits == "" && strings.TrimSuffix(l.Text, "\r") != "" {
				t.Errorf("line %d %.60q: answered as the empty board", l.N, l.Text)
			}
			var p engine.Position
			for i := range len(digits) {
				col := int(digits[i] - '1')
				if col < 0 || col >= engine.Width || !p.CanPlay(col) || p.IsWon() {
					t.Fatalf("line %d %.60q: accepted, but move %d cannot be played", l.N, l.Text, i+1)
				}
				p.Play(col)
			}
			if p != in.Pos || p.IsWon() {
				t.Errorf("line %d %.60q: accepted as a position other than its digits' (won: %t)", l.N, l.Text, p.IsWon())
			}
		}
		lines := bytes.Count(data, []byte("\n"))
		if len(data) > 0 && data[len(data)-1] != '\n' {
			lines++
		}
		if want-1 != lines {
			t.Errorf("read %d lines, want %d", want-1, lines)
		}
	})
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
