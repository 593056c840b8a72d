package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/engine/openingbook"
	"github.com/fourgen/fourgen/internal/posfile"
)

// weakLine rewrites a reference "MOVES SCORE" line as solve --weak prints
// it: the score's sign.
func weakLine(t *testing.T, line string) string {
	t.Helper()
	moves, rest := splitLine(line)
	v, err := strconv.Atoi(rest[0])
	if err != nil {
		t.Fatalf("reference line %q: %v", line, err)
	}
	return fmt.Sprintf("%s %d", moves, board.Score(v).Outcome())
}

// movesOf returns the move strings of reference lines.
func movesOf(lines []string) []string {
	var moves []string
	for _, l := range lines {
		m, _ := splitLine(l)
		moves = append(moves, m)
	}
	return moves
}

// TestSolve checks that solve prints the reference scores, reading
// reference lines (score column and all) from stdin or move strings from
// the arguments.
func TestSolve(t *testing.T) {
	ref := quickLines(t)
	weak := mapLines(t, ref, weakLine)
	stdin := strings.Join(ref, "\n") + "\n"
	checkLineCases(t, runSolve, []lineCase{
		{"stdin", nil, stdin, ref},
		{"stdin crlf, no last newline", nil, strings.Join(ref, "\r\n"), ref},
		{"stdin tabs", nil, strings.ReplaceAll(stdin, " ", "\t"), ref},
		{"leading blanks", nil, "  " + strings.Join(ref, "\n\t"), ref},
		{"arguments", movesOf(ref), "ignored", ref},
		{"weak", []string{"--weak"}, stdin, weak},
		{"-w arguments", append(movesOf(ref), "-w"), "", weak},
		{"small table", []string{"--tt-mb", "1"}, stdin, ref},
	})
}

// TestSolveStats checks that --stats appends nodes and microseconds.
func TestSolveStats(t *testing.T) {
	ref := quickLines(t)
	var stdout, stderr bytes.Buffer
	if err := runSolve(context.Background(), []string{"--stats"}, strings.NewReader(strings.Join(ref, "\n")), &stdout, &stderr); err != nil {
		t.Fatalf("solve --stats: %v\n%s", err, stderr.String())
	}
	got := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	if len(got) != len(ref) {
		t.Fatalf("got %d lines, want %d:\n%s", len(got), len(ref), stdout.String())
	}
	for i, line := range got {
		f := strings.Fields(line)
		if len(f) != 4 || !strings.HasPrefix(line, ref[i]+" ") {
			t.Errorf("line %q: want %q followed by NODES MICROS", line, ref[i])
			continue
		}
		for _, n := range f[2:] {
			if _, err := strconv.ParseUint(n, 10, 64); err != nil {
				t.Errorf("line %q: %q is not a count", line, n)
			}
		}
	}
}

// badLines are input lines solve and analyze must refuse, with a piece of
// the reason they must give.
var badLines = []struct {
	name, line, reason string
}{
	{"zero", "0", "not a column"},
	{"eight", "8", "not a column"},
	{"full column", strings.Repeat("4", board.Height+2), "column 4 is full"},
	{"won", "1212121", "already won by player 1"},
	{"move after a win", "1212121" + "2", "already won by player 1"},
	{"too long", strings.Repeat("1234567", 6) + "1", "too long"},
	{"not UTF-8", "44\xff", "byte 0xff"},
	{"non-ASCII digit", "4\u0664", "not a column"},
	{"sign", "-44", "not a column"},
	{"blanks only", " \t ", "blanks only"},
	{"blanks, then not moves", "  x44", "not a column"},
	{"binary after the moves", "44 \xff\x01", "byte 0xff after the moves is not text"},
}

// checkRefused runs cmd with a bad line between two good ones and checks
// that the bad one alone is reported, as "line 2: ...", the good ones are
// still answered, and the command fails.
func checkRefused(t *testing.T, cmd command, good []string, want func(string) string) {
	for _, tc := range badLines {
		t.Run(tc.name, func(t *testing.T) {
			for _, ending := range []string{"\n", "\r\n"} {
				in := good[0] + ending + tc.line + ending + good[1] + ending
				var stdout, stderr bytes.Buffer
				err := cmd.run(context.Background(), nil, strings.NewReader(in), &stdout, &stderr)
				if err == nil {
					t.Fatalf("%s accepted %.40q:\n%s", cmd.name, tc.line, stdout.String())
				}
				if _, ok := errors.AsType[*usageError](err); ok || err.Error() != "1 of 3 lines refused" {
					t.Errorf("error = %v, want \"1 of 3 lines refused\"", err)
				}
				if got, want := stdout.String(), want(good[0])+"\n"+want(good[1])+"\n"; got != want {
					t.Errorf("stdout:\n%s\nwant:\n%s", got, want)
				}
				msg := stderr.String()
				if !strings.HasPrefix(msg, "line 2: ") || strings.Count(msg, "\n") != 1 || !strings.Contains(msg, tc.reason) {
					t.Errorf("stderr = %.200q, want one line \"line 2: ...%s...\"", msg, tc.reason)
				}
				moves, _, lerr := posfile.Fields(tc.line)
				if _, perr := board.Parse(moves); lerr == nil && perr != nil && len(tc.line) < 100 && !strings.Contains(msg, perr.Error()) {
					t.Errorf("stderr = %q, want the engine's reason %q", msg, perr)
				}
				if len(msg) > 200 {
					t.Errorf("stderr is %d bytes long: %.200q", len(msg), msg)
				}
			}
		})
	}
}

// TestSolveRefuses checks bad input lines.
func TestSolveRefuses(t *testing.T) {
	good := refLines(t, "pons/Test_L3_R1", 2)
	cmd, _ := lookup("solve")
	checkRefused(t, cmd, good, func(s string) string { return s })
}

// TestSolveRefusesArguments checks bad arguments.
func TestSolveRefusesArguments(t *testing.T) {
	good := movesOf(refLines(t, "pons/Test_L3_R1", 1))[0]
	var stdout, stderr bytes.Buffer
	err := runSolve(context.Background(), []string{"8", good, strings.Repeat("1", 1<<20)}, nil, &stdout, &stderr)
	if err == nil || err.Error() != "2 of 3 arguments refused" {
		t.Errorf("error = %v, want \"2 of 3 arguments refused\"", err)
	}
	if !strings.HasPrefix(stdout.String(), good+" ") || strings.Count(stdout.String(), "\n") != 1 {
		t.Errorf("stdout = %q, want the score of %s", stdout.String(), good)
	}
	lines := strings.Split(stderr.String(), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "argument 1: ") || !strings.HasPrefix(lines[1], "argument 3: ") || !strings.Contains(lines[1], "too long") {
		t.Errorf("stderr = %.300q, want reasons for arguments 1 and 3", stderr.String())
	}
}

// TestUsage checks that bad flags and arguments are usage errors.
func TestUsage(t *testing.T) {
	for _, args := range [][]string{
		{"solve", "--bogus"},
		{"solve", "--tt-mb", "-1"},
		{"solve", "--tt-mb", "0"},
		{"solve", "--tt-mb", "65537"},
		{"solve", "--tt-mb", "many"},
		{"solve", "44", "--stats=maybe"},
		{"analyze", "--tt-mb", "1000000"},
		{"analyze", "-x"},
		{"bench"},
		{"bench", "--weak"},
		{"bench", "f", "--limit", "-1"},
		{"bench", "f", "--tt-mb", "-5"},
		{"bench", "f", "--limit"},
	} {
		var stdout, stderr bytes.Buffer
		err := run(context.Background(), args, strings.NewReader(""), &stdout, &stderr)
		if code := report(err, &stderr); code != 2 || !strings.Contains(stderr.String(), "usage: c4 "+args[0]) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and the usage", args, code, stderr.String())
		}
		if stdout.Len() > 0 {
			t.Errorf("%q: stdout = %q, want nothing", args, stdout.String())
		}
	}
}

// TestSolveInterrupted checks that a cancelled context stops solve at
// once, both in the middle of a long search (the empty board without the
// book) and while it waits for input that never comes.
func TestSolveInterrupted(t *testing.T) {
	for _, tc := range []struct {
		name  string
		args  []string
		stdin io.Reader
	}{
		{"searching", []string{"--no-book", ""}, nil},
		{"reading", nil, nil}, // stdin set below: a pipe nobody writes to
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.args != nil && board.Cells < 30 {
				t.Skipf("the empty board of %d cells is solved before the deadline", board.Cells)
			}
			if tc.stdin == nil {
				pr, pw := io.Pipe()
				defer pw.Close()
				tc.stdin = pr
			}
			ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
			defer cancel()
			start := time.Now()
			var stdout, stderr bytes.Buffer
			err := runSolve(ctx, tc.args, tc.stdin, &stdout, &stderr)
			if !errors.Is(err, context.DeadlineExceeded) {
				t.Errorf("error = %v, want the context's", err)
			}
			if d := time.Since(start); d > time.Minute { // a hang, not a slow machine
				t.Errorf("stopped after %v", d)
			}
			if stdout.Len() > 0 || stderr.Len() > 0 {
				t.Errorf("printed %q and %q, want nothing", stdout.String(), stderr.String())
			}
		})
	}
}

// TestSolveBinary checks that binary input (a NUL byte) is refused whole,
// with nothing answered, even where some of its lines would parse.
func TestSolveBinary(t *testing.T) {
	in := "\n 4453\n4\x00\x81\n\n"
	for _, name := range []string{"solve", "analyze"} {
		cmd, _ := lookup(name)
		var stdout, stderr bytes.Buffer
		err := cmd.run(context.Background(), nil, strings.NewReader(in), &stdout, &stderr)
		if err == nil || !strings.Contains(err.Error(), "line 3 holds a NUL byte") {
			t.Errorf("%s: error = %v, want line 3's NUL byte named", name, err)
		}
		if stdout.Len() > 0 {
			t.Errorf("%s: stdout = %q, want nothing", name, stdout.String())
		}
	}
}

// TestSolveByteOrderMark checks that a UTF-8 byte order mark at the start
// of stdin, as some editors write, is skipped.
func TestSolveByteOrderMark(t *testing.T) {
	ref := refLines(t, "pons/Test_L3_R1", 2)
	var stdout, stderr bytes.Buffer
	err := runSolve(context.Background(), nil, strings.NewReader("\ufeff"+strings.Join(ref, "\r\n")+"\r\n"), &stdout, &stderr)
	if err != nil || stderr.Len() > 0 {
		t.Fatalf("solve: %v\n%s", err, stderr.String())
	}
	if got, want := stdout.String(), strings.Join(ref, "\n")+"\n"; got != want {
		t.Errorf("stdout:\n%s\nwant:\n%s", got, want)
	}
}

// TestSolveC4solverFlags checks c4solver's own flags on solve: -a prints
// what analyze prints, -w with it the outcomes, and -b FILE is --book.
func TestSolveC4solverFlags(t *testing.T) {
	ref := refLines(t, "positions/analyze_n24.txt", 4)
	var weak []string
	for _, l := range ref {
		weak = append(weak, weakAnalysisLine(t, l))
	}
	book := writeBytes(t, t.TempDir(), "copy.book", openingbook.Bytes())
	stdin := strings.Join(ref, "\n") + "\n"
	for _, tc := range []struct {
		name string
		args []string
		want []string
	}{
		{"-a", []string{"-a"}, ref},
		{"-a -w", []string{"-a", "-w"}, weak},
		{"-b FILE -a", []string{"-b", book, "-a"}, ref},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			err := runSolve(context.Background(), tc.args, strings.NewReader(stdin), &stdout, &stderr)
			if err != nil || stderr.Len() > 0 {
				t.Fatalf("solve %q: %v\n%s", tc.args, err, stderr.String())
			}
			if got, want := stdout.String(), strings.Join(tc.want, "\n")+"\n"; got != want {
				t.Errorf("stdout:\n%s\nwant:\n%s", got, want)
			}
		})
	}
	// -b names the file as --book does when it cannot be read.
	missing := filepath.Join(t.TempDir(), "7x6.book")
	err := runSolve(context.Background(), []string{"-b", missing, "4453"}, nil, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "--book "+missing+": ") {
		t.Errorf("solve -b %s: error %v, want it to name --book and the file", missing, err)
	}
}
