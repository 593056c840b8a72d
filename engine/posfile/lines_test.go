package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/internal/refdata"
)

// testdata is the shared reference data, relative to this package, or
// where $FOURGEN_TESTDATA says.
var testdata = refdata.Dir("../../../shared/testdata")

// refSkips records the tests skipped for want of the reference data.
var refSkips refdata.Skips

// TestMain runs the tests and prints one line naming those that skipped
// for want of the reference data, which go test shows without -v.
func TestMain(m *testing.M) { os.Exit(refSkips.Main(m, "cmd/c4")) }

// refLines returns the first n lines of the reference file rel (under
// testdata), skipping the test when the data is not there.
func refLines(t testing.TB, rel string, n int) []string {
	t.Helper()
	f, err := os.Open(filepath.Join(testdata, rel))
	if errors.Is(err, os.ErrNotExist) {
		refSkips.Skip(t, err)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() && len(lines) < n {
		if sc.Text() != "" {
			lines = append(lines, sc.Text())
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(lines) < n {
		t.Fatalf("%s has %d lines, want at least %d", rel, len(lines), n)
	}
	return lines
}

// quickLines are reference "MOVES SCORE" lines that solve in microseconds:
// late positions from the standard test set and random 24-stone ones.
func quickLines(t testing.TB) []string {
	return append(refLines(t, "pons/Test_L3_R1", 4), refLines(t, "positions/n24.txt", 4)...)
}

// TestReadLines checks line splitting: endings, a last line without one,
// and lines too long to keep.
func TestReadLines(t *testing.T) {
	long := strings.Repeat("1", maxLineBytes+1)
	for _, tc := range []struct {
		name, in string
		want     []inputLine
	}{
		{"empty", "", nil},
		{"one", "4453", []inputLine{{1, "4453", false}}},
		{"newline", "4453\n", []inputLine{{1, "4453", false}}},
		{"blank lines", "\n\n", []inputLine{{1, "", false}, {2, "", false}}},
		{"crlf", "44\r\n55\r\n", []inputLine{{1, "44", false}, {2, "55", false}}},
		{"bare cr kept", "44\r", []inputLine{{1, "44\r", false}}},
		{"exactly the limit", long[1:] + "\r\n1", []inputLine{{1, long[1:], false}, {2, "1", false}}},
		{"over the limit", long + "\n2", []inputLine{{1, long[1:], true}, {2, "2", false}}},
		{"over the limit with crlf", long + "\r\n2", []inputLine{{1, long[1:], true}, {2, "2", false}}},
		{"megabyte", strings.Repeat("7", 1<<20) + "\n3\n", []inputLine{{1, strings.Repeat("7", maxLineBytes), true}, {2, "3", false}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []inputLine
			for l, err := range readLines(iotest.OneByteReader(strings.NewReader(tc.in))) {
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, l)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("readLines(%.40q) = %.80v, want %.80v", tc.in, got, tc.want)
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
			for _, err := range readLines(tc.r) {
				if err != nil {
					last = err
					continue
				}
				if last != nil {
					t.Fatal("a line after the error")
				}
				lines++
			}
			be, ok := errors.AsType[binaryError](last)
			if !ok || be.line != tc.line || lines != tc.lines {
				t.Errorf("got %d lines and error %v, want %d lines and a binaryError naming line %d", lines, last, tc.lines, tc.line)
			}
		})
	}
}

// TestReadLinesError checks that a read error ends the lines and is passed on.
func TestReadLinesError(t *testing.T) {
	r := iotest.TimeoutReader(strings.NewReader("44\n55\n")) // fails on the second read
	var errs int
	for _, err := range readLines(r) {
		if err != nil {
			errs++
		}
	}
	if errs != 1 {
		t.Errorf("got %d errors, want 1", errs)
	}
}

// splitLine returns the move string of a well-formed line and the
// fields after it, for tests that take reference lines apart.
func splitLine(line string) (moves string, rest []string) {
	moves, rest, _ = lineFields(line, false)
	return moves, rest
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
		moves, rest, err := lineFields(tc.line, false)
		if moves != tc.moves || !slices.Equal(rest, tc.rest) || (err == nil) != (tc.err == "") || err != nil && !strings.Contains(err.Error(), tc.err) {
			t.Errorf("lineFields(%q) = %q, %q, %v; want %q, %q, error %q", tc.line, moves, rest, err, tc.moves, tc.rest, tc.err)
		}
	}
	// A line cut at maxLineBytes may end in a character cut in two.
	if _, _, err := lineFields("4453 \u00e9\xc3", true); err != nil {
		t.Errorf("lineFields of a cut line: %v", err)
	}
}

// TestParseArgs checks that flags may follow positional arguments.
func TestParseArgs(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		pos   []string
		limit int
		weak  bool
	}{
		{nil, nil, 0, false},
		{[]string{"a", "--limit", "5", "b"}, []string{"a", "b"}, 5, false},
		{[]string{"-w", "a", "-limit=2"}, []string{"a"}, 2, true},
		{[]string{"", "--w"}, []string{""}, 0, true},
		{[]string{"a", "--", "-w", "b"}, []string{"a", "-w", "b"}, 0, false},
	} {
		fs := flag.NewFlagSet("bench", flag.ContinueOnError)
		limit := fs.Int("limit", 0, "")
		weak := fs.Bool("w", false, "")
		pos, err := parseArgs(fs, tc.args, nil)
		if err != nil || !slices.Equal(pos, tc.pos) || *limit != tc.limit || *weak != tc.weak {
			t.Errorf("parseArgs(%q) = %q, %v with limit %d, weak %t; want %q, limit %d, weak %t",
				tc.args, pos, err, *limit, *weak, tc.pos, tc.limit, tc.weak)
		}
	}
}

// FuzzSolveInput checks that reading input lines never panics, with the
// numbering readLines promises, and that every line either is refused or
// is answered as the position its digits say: those of the line's first
// field after any leading blanks, and the empty board only for an empty
// line.
func FuzzSolveInput(f *testing.F) {
	for _, seed := range []string{
		"", "\n", "4453\n", "4453 -2\r\n\n", "0\n8\n", "44444444", "1212121\n12121212",
		"\xff\n", "4\u0664\n", " 1\n", "\t4\t", "\r", "\r\r\n", strings.Repeat("1234567", 7),
		strings.Repeat("4", maxLineBytes+3) + "\n44", "  4453\n\t4453\n", " \n\t\n", "4453 \x00",
		"4453 \xff\n", "\x81 1\n \x95", strings.Repeat(" ", maxLineBytes) + "4453",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		want := 1
		for l, err := range readLines(bytes.NewReader(data)) {
			if err != nil {
				if !bytes.Contains(data, []byte{0}) {
					t.Fatal(err)
				}
				return // binary data, refused
			}
			if l.n != want {
				t.Fatalf("line numbered %d, want %d", l.n, want)
			}
			want++
			if strings.Contains(l.text, "\n") || len(l.text) > maxLineBytes || l.truncated && len(l.text) != maxLineBytes {
				t.Fatalf("line %d: bad text of %d bytes (truncated %t)", l.n, len(l.text), l.truncated)
			}
			in := parseInput(l)
			if in.where != fmt.Sprintf("line %d", l.n) {
				t.Errorf("input from %q, want line %d", in.where, l.n)
			}
			if in.err != nil {
				continue
			}
			digits := lineDigits(l.text)
			if l.truncated || in.moves != digits {
				t.Errorf("line %d %.60q: accepted as %.60q, want the move string %.60q (truncated %t)", l.n, l.text, in.moves, digits, l.truncated)
			}
			if digits == "" && strings.TrimSuffix(l.text, "\r") != "" {
				t.Errorf("line %d %.60q: answered as the empty board", l.n, l.text)
			}
			var p engine.Position
			for i := range len(digits) {
				col := int(digits[i] - '1')
				if col < 0 || col >= engine.Width || !p.CanPlay(col) || p.IsWon() {
					t.Fatalf("line %d %.60q: accepted, but move %d cannot be played", l.n, l.text, i+1)
				}
				p.Play(col)
			}
			if p != in.pos || p.IsWon() {
				t.Errorf("line %d %.60q: accepted as a position other than its digits' (won: %t)", l.n, l.text, p.IsWon())
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

// TestWaitsForTerminal checks when solve and analyze say that they read
// stdin: only without arguments and when stdin is a character device
// (/dev/null is one, as a terminal is).
func TestWaitsForTerminal(t *testing.T) {
	dev, err := os.Open(os.DevNull)
	if err != nil {
		t.Skipf("no %s: %v", os.DevNull, err)
	}
	defer dev.Close()
	if st, err := dev.Stat(); err != nil || st.Mode()&os.ModeCharDevice == 0 {
		t.Skipf("%s is not a character device here", os.DevNull)
	}
	file, err := os.Create(filepath.Join(t.TempDir(), "in"))
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	for _, tc := range []struct {
		name  string
		args  []string
		stdin io.Reader
		want  bool
	}{
		{"terminal", nil, dev, true},
		{"terminal, arguments", []string{"4453"}, dev, false},
		{"pipe or buffer", nil, strings.NewReader("4453\n"), false},
		{"file", nil, file, false},
		{"none", nil, nil, false},
	} {
		if got := waitsForTerminal(tc.args, tc.stdin); got != tc.want {
			t.Errorf("%s: waitsForTerminal = %t, want %t", tc.name, got, tc.want)
		}
	}
	// solve prints the note on stderr, and nothing else there.
	var stdout, stderr bytes.Buffer
	if err := runSolve(t.Context(), nil, dev, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	if stderr.String() != stdinNote+"\n" || stdout.Len() > 0 {
		t.Errorf("solve < %s: stdout %q, stderr %q; want the note alone", os.DevNull, stdout.String(), stderr.String())
	}
}
