package main

import (
	"bytes"
	"context"
	"flag"
	"io"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/posfile"
	"github.com/fourgen/fourgen/internal/reftest"
)

// testdata is the shared reference data, relative to this package, or
// where $FOURGEN_TESTDATA says.
var testdata = reftest.Dir("../../../shared/testdata")

// refSkips records the tests skipped for want of the reference data.
var refSkips reftest.Skips

// TestMain runs the tests and prints one line naming those that skipped
// for want of the reference data, which go test shows without -v; then
// it removes the c4 that buildC4 compiled.
func TestMain(m *testing.M) {
	code := refSkips.Main(m, "cmd/c4")
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// refLines returns the first n lines of the reference file rel (under
// testdata), skipping the test when the data is not there or is of
// another board than the engine's.
func refLines(t testing.TB, rel string, n int) []string {
	t.Helper()
	refSkips.Classic(t, board.Width, board.Height, board.InARow)
	return refSkips.Lines(t, testdata, rel, n)
}

// quickLines are reference "MOVES SCORE" lines that solve in microseconds:
// late positions from the standard test set and random 24-stone ones.
func quickLines(t testing.TB) []string {
	return append(refLines(t, "pons/Test_L3_R1", 4), refLines(t, "positions/n24.txt", 4)...)
}

// splitLine returns the move string of a well-formed line and the
// fields after it, for tests that take reference lines apart.
func splitLine(line string) (moves string, rest []string) {
	moves, rest, _ = posfile.Fields(line)
	return moves, rest
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

// TestSolveDevNull checks that solve < /dev/null, a character device
// nobody types into, prints nothing: no note that positions are read
// from stdin, which posfile.Answer prints at a terminal only.
func TestSolveDevNull(t *testing.T) {
	dev, err := os.Open(os.DevNull)
	if err != nil {
		t.Skipf("no %s: %v", os.DevNull, err)
	}
	defer dev.Close()
	var stdout, stderr bytes.Buffer
	if err := runSolve(t.Context(), nil, dev, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	if stderr.Len() > 0 || stdout.Len() > 0 {
		t.Errorf("solve < %s: stdout %q, stderr %q; want nothing", os.DevNull, stdout.String(), stderr.String())
	}
}

// checkLines runs a c4 command (run, as [command] holds it) with args and
// stdin, and checks that it succeeds printing want, a line each, and
// nothing on stderr.
func checkLines(t *testing.T, run func(context.Context, []string, io.Reader, io.Writer, io.Writer) error, args []string, stdin string, want []string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if err := run(context.Background(), args, strings.NewReader(stdin), &stdout, &stderr); err != nil || stderr.Len() > 0 {
		t.Fatalf("%q: %v\n%s", args, err, stderr.String())
	}
	if got, want := stdout.String(), strings.Join(want, "\n")+"\n"; got != want {
		t.Errorf("%q: stdout:\n%s\nwant:\n%s", args, got, want)
	}
}

// lineCase is a run of a c4 command and the lines it must print.
type lineCase struct {
	name  string
	args  []string
	stdin string
	want  []string
}

// checkLineCases checks each case with [checkLines], a subtest each.
func checkLineCases(t *testing.T, run func(context.Context, []string, io.Reader, io.Writer, io.Writer) error, cases []lineCase) {
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			checkLines(t, run, tc.args, tc.stdin, tc.want)
		})
	}
}

// mapLines is f of each line.
func mapLines(t *testing.T, lines []string, f func(*testing.T, string) string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = f(t, l)
	}
	return out
}
