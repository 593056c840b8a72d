package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/fourgen/fourgen/engine"
)

// testdata is the shared reference data, relative to this package.
const testdata = "../../../shared/testdata"

// refLines returns the first n lines of the reference file rel (under
// testdata), skipping the test when the data is not there.
func refLines(t testing.TB, rel string, n int) []string {
	t.Helper()
	f, err := os.Open(filepath.Join(testdata, rel))
	if errors.Is(err, os.ErrNotExist) {
		t.Skipf("reference data missing: %v", err)
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

// TestSplitLine checks how the move string is taken from a line.
func TestSplitLine(t *testing.T) {
	for _, tc := range []struct {
		line, moves string
		rest        []string
	}{
		{"", "", nil},
		{"4453", "4453", nil},
		{"4453 -2", "4453", []string{"-2"}},
		{"4453\t-2\r", "4453", []string{"-2"}},
		{"4453 1 2  3 ", "4453", []string{"1", "2", "3"}},
		{" 1", "", []string{"1"}}, // "MOVES SCORE" for the empty board
		{"44\r", "44", nil},
	} {
		moves, rest := splitLine(tc.line)
		if moves != tc.moves || !slices.Equal(rest, tc.rest) {
			t.Errorf("splitLine(%q) = %q, %q; want %q, %q", tc.line, moves, rest, tc.moves, tc.rest)
		}
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

// FuzzSolveInput checks that reading input lines never panics, and that
// every line accepted is a legal, unfinished position whose move string
// the engine accepts, with the numbering and lengths readLines promises.
func FuzzSolveInput(f *testing.F) {
	for _, seed := range []string{
		"", "\n", "4453\n", "4453 -2\r\n\n", "0\n8\n", "44444444", "1212121\n12121212",
		"\xff\n", "4\u0664\n", " 1\n", "\t4\t", "\r", "\r\r\n", strings.Repeat("1234567", 7),
		strings.Repeat("4", maxLineBytes+3) + "\n44",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		want := 1
		for l, err := range readLines(bytes.NewReader(data)) {
			if err != nil {
				t.Fatal(err)
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
			if strings.ContainsAny(in.moves, " \t\r\n") {
				t.Errorf("line %d: accepted move string %q holds a space", l.n, in.moves)
			}
			p, err := engine.Parse(in.moves)
			if err != nil || p != in.pos || p.IsWon() {
				t.Errorf("line %d: accepted %q, but the engine says %v (won: %t)", l.n, in.moves, err, p.IsWon())
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
