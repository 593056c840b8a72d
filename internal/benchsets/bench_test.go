package benchsets

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/posfile"
	"github.com/fourgen/fourgen/internal/solvertest"
)

// lines returns n "MOVES SCORE" lines (or "MOVES S1 ... SW" when analyze)
// of random positions of the last stones of a game, scored by the solver:
// what Run is checked on here is its checking, not the solver.
func lines(t *testing.T, n int, analyze bool) []string {
	t.Helper()
	rng := rand.New(rand.NewPCG(7, 8))
	s := solvertest.New(t, 1)
	var out []string
	for len(out) < n {
		var p board.Position
		moves := ""
		for p.Moves() < board.Cells-12 && !p.CanWinNow() {
			col := rng.IntN(board.Width)
			if p.CanPlay(col) {
				p.Play(col)
				moves = board.Usual().Append(moves, col)
			}
		}
		if p.CanWinNow() || p.IsWon() {
			continue
		}
		scores, _, err := solve(t.Context(), s, Config{Analyze: analyze}, p)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, moves+" "+posfile.FormatScores(scores))
	}
	return out
}

// writeFile writes lines to a file called name in a temporary directory.
func writeFile(t *testing.T, name string, lines []string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	return path
}

// offByOne returns line with its first score one further from 0: for a
// win or a loss the same outcome, so that only an exact check sees it.
func offByOne(line string) string {
	f := strings.Fields(line)
	var v int
	fmt.Sscan(f[1], &v)
	if v < 0 {
		v--
	} else {
		v++
	}
	f[1] = fmt.Sprint(v)
	return strings.Join(f, " ")
}

// TestRun checks the table's rows, the verdict and the reports.
func TestRun(t *testing.T) {
	ref := lines(t, 6, false)
	good := writeFile(t, "good.txt", ref)
	offRef, offLine := slices.Clone(ref), 0
	for i, line := range ref {
		if !strings.HasSuffix(line, " 0") { // not a draw: one further off keeps the outcome
			offRef[i], offLine = offByOne(line), i+1
			break
		}
	}
	off := writeFile(t, "off.txt", offRef)
	offBoard := fmt.Sprint(board.Width + 1) // no column
	bad := writeFile(t, "bad.txt", append([]string{"", " \t", offBoard + " 1", ref[0] + " 3"}, ref[1:]...))
	analyses := lines(t, 3, true)
	analyzeFile := writeFile(t, "analyze.txt", analyses)
	for _, tc := range []struct {
		name   string
		cfg    Config
		files  []string
		rows   []string // file and positions of each row
		err    string
		stderr []string
	}{
		{"good", Config{}, []string{good}, []string{"good.txt 6"}, "", nil},
		{"limit, reset, weak", Config{Limit: 2, Reset: true, Weak: true}, []string{good, good}, []string{"good.txt 2", "good.txt 2"}, "", nil},
		{"off", Config{}, []string{off}, []string{"off.txt 6"}, "bench: 1 wrong score", []string{fmt.Sprintf("%s:%d: ", off, offLine)}},
		{"off, weak", Config{Weak: true}, []string{off}, []string{"off.txt 6"}, "", nil},
		{"bad lines", Config{}, []string{bad}, []string{"bad.txt 5"}, "bench: 2 unreadable lines", []string{bad + ":3: \"" + offBoard + "\"", bad + ":4: ", "want 1 score after the moves, got 2 fields"}},
		{"missing", Config{}, []string{filepath.Join(t.TempDir(), "none")}, nil, "bench: 1 unreadable file", []string{"none: open "}},
		{"analyze", Config{Analyze: true}, []string{analyzeFile}, []string{"analyze.txt 3"}, "", nil},
		{"analyses without Analyze", Config{}, []string{analyzeFile}, []string{"analyze.txt 0"}, "bench: 3 unreadable lines", []string{"analyses: run bench with --analyze"}},
		{"scores with Analyze", Config{Analyze: true}, []string{good}, []string{"good.txt 0"}, "bench: 6 unreadable lines", []string{`holds "MOVES SCORE" lines: run bench without --analyze`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr strings.Builder
			err := Run(t.Context(), solvertest.New(t, 1), tc.cfg, tc.files, &stdout, &stderr)
			if (err == nil) != (tc.err == "") || err != nil && err.Error() != tc.err {
				t.Errorf("error %v, want %q", err, tc.err)
			}
			var rows []string
			for i, line := range strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n") {
				f := strings.Fields(line)
				if i > 0 {
					rows = append(rows, f[0]+" "+f[1])
				}
			}
			if fmt.Sprint(rows) != fmt.Sprint(tc.rows) {
				t.Errorf("rows %q, want %q:\n%s", rows, tc.rows, stdout.String())
			}
			for _, want := range tc.stderr {
				if !strings.Contains(stderr.String(), want) {
					t.Errorf("stderr lacks %q:\n%s", want, stderr.String())
				}
			}
			if tc.stderr == nil && stderr.Len() > 0 {
				t.Errorf("stderr %q, want nothing (no progress when it is not a terminal)", stderr.String())
			}
		})
	}
}

// TestRunInterrupted checks that an interrupted run prints the row of the
// positions it solved in the file it was in, says so, and returns the
// interruption. It comes as the wrong score of the third position is
// reported, as if Ctrl-C were pressed then.
func TestRunInterrupted(t *testing.T) {
	ref := lines(t, 5, false)
	ref[2] = offByOne(ref[2])
	file := writeFile(t, "i.txt", ref)
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	var stdout, stderr strings.Builder
	cancelOnReport := writerFunc(func(p []byte) (int, error) {
		cancel()
		return stderr.Write(p)
	})
	err := Run(ctx, solvertest.New(t, 1), Config{}, []string{file}, &stdout, cancelOnReport)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("error = %v, want the context's", err)
	}
	out := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	if len(out) != 3 || !strings.HasPrefix(out[1], "i.txt") || strings.Fields(out[1])[1] != "3" || out[2] != "interrupted: 3 positions of i.txt solved" {
		t.Errorf("stdout:\n%s\nwant the row of 3 positions of i.txt and the interrupted line", stdout.String())
	}
}

// writerFunc is an io.Writer made of a function.
type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

// TestCells checks the statistics of a row: mean, median (of an even
// count, the mean of the middle two), nodes and speed.
func TestCells(t *testing.T) {
	for _, tc := range []struct {
		r    result
		want string
	}{
		{result{}, "f 0 - - - - 0"},
		{result{Times: []time.Duration{3 * time.Microsecond, time.Microsecond}, Nodes: 40, Mismatches: 1}, "f 2 2.0 2.0 20 10.00 1"},
		{result{Times: []time.Duration{time.Microsecond, 10 * time.Microsecond, 4 * time.Microsecond}, Nodes: 30}, "f 3 5.0 4.0 10 2.00 0"},
		{result{Times: []time.Duration{0}, Nodes: 5}, "f 1 0.0 0.0 5 - 0"},
	} {
		if got := strings.Join(tc.r.Cells("f"), " "); got != tc.want {
			t.Errorf("%+v: cells %q, want %q", tc.r, got, tc.want)
		}
	}
}

// TestSameScores checks exact and weak comparison.
func TestSameScores(t *testing.T) {
	inv := board.Invalid
	for _, tc := range []struct {
		got, want  []board.Score
		weak, same bool
	}{
		{[]board.Score{3}, []board.Score{3}, false, true},
		{[]board.Score{3}, []board.Score{4}, false, false},
		{[]board.Score{3}, []board.Score{4}, true, true},
		{[]board.Score{0}, []board.Score{1}, true, false},
		{[]board.Score{-2, inv}, []board.Score{-5, inv}, true, true},
		{[]board.Score{-2, inv}, []board.Score{-5, -1}, true, false},
		{[]board.Score{1}, []board.Score{1, 1}, true, false},
	} {
		if got := sameScores(tc.got, tc.want, tc.weak); got != tc.same {
			t.Errorf("SameScores(%v, %v, %t) = %t", tc.got, tc.want, tc.weak, got)
		}
	}
}
