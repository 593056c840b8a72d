package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/fourgen/fourgen/internal/benchsets"
)

// writeFile writes lines to a file called name in a temporary directory
// and returns its path.
func writeFile(t *testing.T, name string, lines []string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	return path
}

// changeScore returns line with its score field i (0 for the first after
// the moves) replaced by f of its value.
func changeScore(t *testing.T, line string, i int, f func(int) int) string {
	t.Helper()
	moves, rest := splitLine(line)
	v, err := strconv.Atoi(rest[i])
	if err != nil {
		t.Fatal(err)
	}
	rest[i] = strconv.Itoa(f(v))
	return moves + " " + strings.Join(rest, " ")
}

// benchRow is one parsed row of bench's table.
type benchRow struct {
	file                  string
	positions, mismatches int
}

// parseTable reads bench's table, checking its header and alignment.
func parseTable(t *testing.T, out string) []benchRow {
	t.Helper()
	if out == "" {
		return nil // no table
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if got := strings.Fields(lines[0]); strings.Join(got, " ") != strings.Join(strings.Fields(strings.Join(benchsets.Columns, " ")), " ") {
		t.Fatalf("header = %q, want the columns %q", lines[0], benchsets.Columns)
	}
	var rows []benchRow
	for _, line := range lines[1:] {
		if utf8.RuneCountInString(line) != utf8.RuneCountInString(lines[0]) {
			t.Errorf("row %q is not as wide as the header %q", line, lines[0])
		}
		f := strings.Fields(line)
		if len(f) != len(benchsets.Columns) {
			t.Fatalf("row %q has %d fields, want %d", line, len(f), len(benchsets.Columns))
		}
		n, err1 := strconv.Atoi(f[1])
		m, err2 := strconv.Atoi(f[len(f)-1])
		if err1 != nil || err2 != nil {
			t.Fatalf("row %q: bad counts", line)
		}
		rows = append(rows, benchRow{f[0], n, m})
	}
	return rows
}

// TestBench checks bench's table, its verdicts and its reports of wrong
// scores and unreadable lines or files.
func TestBench(t *testing.T) {
	ref := quickLines(t)
	good := writeFile(t, "good.txt", ref)
	// A score one off, or doubled: the same outcome, but not the same score.
	off := writeFile(t, "off.txt", append([]string{changeScore(t, ref[0], 0, func(v int) int { return v + 1 })}, ref[1:]...))
	var nonzero int
	for i, l := range ref {
		if _, rest := splitLine(l); rest[0] != "0" {
			nonzero = i
		}
	}
	doubled := slicesWith(ref, nonzero, changeScore(t, ref[nonzero], 0, func(v int) int { return 2 * v }))
	sameSign := writeFile(t, "same-sign.txt", doubled)
	badLine := writeFile(t, "bad-line.txt", append([]string{"", ref[0], "8 1", ref[1] + " 3", "44", " \t", " " + ref[2], "\t" + ref[3]}, ref[4:]...))
	analyses := append(refLines(t, "positions/analyze_n24.txt", 3), refLines(t, "positions/analyze_n32.txt", 3)...)
	analyzeFile := writeFile(t, "analyze.txt", analyses)
	analyzeOff := writeFile(t, "analyze-off.txt", slicesWith(analyses, 1, changeScore(t, analyses[1], 0, func(v int) int { return v - 1 })))
	missing := filepath.Join(t.TempDir(), "missing.txt")

	for _, tc := range []struct {
		name   string
		args   []string
		rows   []benchRow
		err    string   // "" for success
		stderr []string // substrings of the error output
	}{
		{"good", []string{good}, []benchRow{{"good.txt", len(ref), 0}}, "", nil},
		{"good twice, reset, flags after", []string{good, good, "--reset", "--tt-mb", "2"}, []benchRow{{"good.txt", len(ref), 0}, {"good.txt", len(ref), 0}}, "", nil},
		{"limit", []string{"--limit", "3", good}, []benchRow{{"good.txt", 3, 0}}, "", nil},
		{"weak", []string{"--weak", good}, []benchRow{{"good.txt", len(ref), 0}}, "", nil},
		{"off", []string{good, off}, []benchRow{{"good.txt", len(ref), 0}, {"off.txt", len(ref), 1}}, "bench: 1 wrong score",
			[]string{fmt.Sprintf("%s:1: %s got %s want %s\n", off, movesOf(ref)[0], strings.Fields(ref[0])[1], strings.Fields(changeScore(t, ref[0], 0, func(v int) int { return v + 1 }))[1])}},
		{"same sign", []string{sameSign}, []benchRow{{"same-sign.txt", len(ref), 1}}, "bench: 1 wrong score", []string{fmt.Sprintf("%s:%d: ", sameSign, nonzero+1)}},
		{"same sign, weak", []string{"-w", sameSign}, []benchRow{{"same-sign.txt", len(ref), 0}}, "", nil},
		{"bad lines", []string{badLine}, []benchRow{{"bad-line.txt", len(ref) - 1, 0}}, "bench: 3 unreadable lines",
			[]string{badLine + ":3: \"8\": move 1 ('8'): not a column", badLine + ":4: ", "want 1 score after the moves, got 2 fields", badLine + ":5: \"44\": want 1 score"}},
		{"missing file", []string{missing, good}, []benchRow{{"good.txt", len(ref), 0}}, "bench: 1 unreadable file", []string{missing + ": open "}},
		{"missing file alone: no table", []string{missing}, nil, "bench: 1 unreadable file", []string{missing + ": open "}},
		{"analyze", []string{"--analyze", analyzeFile}, []benchRow{{"analyze.txt", len(analyses), 0}}, "", nil},
		{"analyze weak", []string{"--analyze", "--weak", analyzeFile}, []benchRow{{"analyze.txt", len(analyses), 0}}, "", nil},
		{"analyze off", []string{"--analyze", analyzeOff}, []benchRow{{"analyze-off.txt", len(analyses), 1}}, "bench: 1 wrong score", []string{analyzeOff + ":2: "}},
		{"analyze file without --analyze", []string{analyzeFile}, []benchRow{{"analyze.txt", 0, 0}}, "bench: 6 unreadable lines", []string{"want 1 score after the moves, got 7 fields", analyzeFile + `: holds "MOVES S1 ... S7" analyses: run bench with --analyze`}},
		{"solve file with --analyze", []string{"--analyze", good}, []benchRow{{"good.txt", 0, 0}}, "bench: 8 unreadable lines", []string{"want 7 scores after the moves, got 1 field", good + `: holds "MOVES SCORE" lines: run bench without --analyze`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			// A small table: bench clears it before starting.
			args := append([]string{"--tt-mb", "4"}, tc.args...)
			err := runBench(context.Background(), args, nil, &stdout, &stderr)
			if tc.err == "" && err != nil || tc.err != "" && (err == nil || err.Error() != tc.err) {
				t.Errorf("error = %v, want %q\n%s", err, tc.err, stderr.String())
			}
			rows := parseTable(t, stdout.String())
			if strings.Contains(tc.name, "bad lines") && strings.Contains(stderr.String(), "--analyze") {
				t.Errorf("stderr suggests --analyze for a file of bad lines:\n%s", stderr.String())
			}
			if fmt.Sprint(rows) != fmt.Sprint(tc.rows) {
				t.Errorf("rows = %v, want %v:\n%s", rows, tc.rows, stdout.String())
			}
			for _, s := range tc.stderr {
				if !strings.Contains(stderr.String(), s) {
					t.Errorf("stderr lacks %q:\n%s", s, stderr.String())
				}
			}
			if tc.stderr == nil && stderr.Len() > 0 {
				t.Errorf("stderr = %q, want nothing (no progress when it is not a terminal)", stderr.String())
			}
		})
	}
}

// slicesWith returns a copy of lines with line i replaced.
func slicesWith(lines []string, i int, line string) []string {
	c := append([]string(nil), lines...)
	c[i] = line
	return c
}
