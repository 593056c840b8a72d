package main

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine/board"
)

// rewrite writes the move string of each reference line in n, the rest of
// the line as it is.
func rewrite(t *testing.T, lines []string, n board.Notation) []string {
	t.Helper()
	var out []string
	for _, l := range lines {
		moves, rest := splitLine(l)
		cols, _, err := board.ReadMoves(moves, false)
		if err != nil {
			t.Fatalf("reference line %q: %v", l, err)
		}
		out = append(out, strings.Join(append([]string{n.Format(cols)}, rest...), " "))
	}
	return out
}

// TestNotations checks that solve, analyze and bench read the reference
// positions in every notation, with --zero-based for columns counted from
// 0, and print each move string back as it was given.
func TestNotations(t *testing.T) {
	ref := quickLines(t)
	zero := board.Notation{ZeroBased: true}
	for _, tc := range []struct {
		name  string
		lines []string
		flags []string
	}{
		{"commas", rewrite(t, ref, board.Notation{Commas: true}), nil},
		{"zero-based digits", rewrite(t, ref, zero), []string{"--zero-based"}},
		{"zero-based commas", rewrite(t, ref, board.Notation{Commas: true, ZeroBased: true}), []string{"--zero-based"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			err := runSolve(context.Background(), tc.flags, strings.NewReader(strings.Join(tc.lines, "\n")), &stdout, &stderr)
			if got, want := stdout.String(), strings.Join(tc.lines, "\n")+"\n"; err != nil || got != want {
				t.Errorf("solve %v: %v\n%s\nstdout:\n%s\nwant:\n%s", tc.flags, err, stderr.String(), got, want)
			}

			var plain, given bytes.Buffer
			if err := runAnalyze(context.Background(), movesOf(ref), nil, &plain, &stderr); err != nil {
				t.Fatal(err)
			}
			if err := runAnalyze(context.Background(), append(movesOf(tc.lines), tc.flags...), nil, &given, &stderr); err != nil {
				t.Fatalf("analyze %v: %v", tc.flags, err)
			}
			if got, want := given.String(), strings.Join(rewrite(t, strings.Split(strings.TrimSuffix(plain.String(), "\n"), "\n"), notationOfLine(t, tc.lines[0], tc.flags)), "\n")+"\n"; got != want {
				t.Errorf("analyze %v:\n%s\nwant:\n%s", tc.flags, got, want)
			}

			var table bytes.Buffer
			path := writeFile(t, "ref.txt", tc.lines)
			if err := runBench(context.Background(), append([]string{path}, tc.flags...), nil, &table, &stderr); err != nil {
				t.Fatalf("bench %v: %v\n%s", tc.flags, err, stderr.String())
			}
			if rows := parseTable(t, table.String()); len(rows) != 1 || rows[0].positions != len(ref) || rows[0].mismatches != 0 {
				t.Errorf("bench %v: %+v, want %d positions and no mismatch", tc.flags, rows, len(ref))
			}
		})
	}
}

// notationOfLine is the notation of the move string of line, read as the
// flags say.
func notationOfLine(t *testing.T, line string, flags []string) board.Notation {
	t.Helper()
	moves, _ := splitLine(line)
	_, n, err := board.ReadMoves(moves, len(flags) > 0)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestShowZeroBased checks that show --zero-based draws the position of
// the 1-based string, naming the moves as given.
func TestShowZeroBased(t *testing.T) {
	cols := []int{3, 3, 2, 1} // columns every board has
	one, zero := board.MoveString(cols), board.Notation{ZeroBased: true}.Format(cols)
	var want, got, stderr bytes.Buffer
	if err := runShow(context.Background(), []string{one}, nil, &want, &stderr); err != nil {
		t.Fatal(err)
	}
	if err := runShow(context.Background(), []string{"--zero-based", zero}, nil, &got, &stderr); err != nil {
		t.Fatal(err)
	}
	if w := strings.Replace(want.String(), "moves:    "+one, "moves:    "+zero, 1); got.String() != w {
		t.Errorf("show --zero-based %s:\n%s\nwant:\n%s", zero, got.String(), w)
	}
}

// TestCommasAnyWidth solves a short game in the comma form on this board,
// whatever its width: x wins with its fourth stone in column 1, the 7th
// stone of the game, and prints the move string back as given.
func TestCommasAnyWidth(t *testing.T) {
	moves := "1,2,1,2,1,2"
	var stdout, stderr bytes.Buffer
	if err := runSolve(context.Background(), []string{moves}, nil, &stdout, &stderr); err != nil {
		t.Fatalf("solve %s: %v\n%s", moves, err, stderr.String())
	}
	if got, want := stdout.String(), fmt.Sprintf("%s %d\n", moves, board.WinScore(6)); got != want {
		t.Errorf("solve %s = %q, want %q", moves, got, want)
	}
	stdout.Reset()
	if err := runSolve(context.Background(), []string{"--zero-based", "0,1,0,1,0,1"}, nil, &stdout, &stderr); err != nil || stdout.String() != fmt.Sprintf("0,1,0,1,0,1 %d\n", board.WinScore(6)) {
		t.Errorf("solve --zero-based 0,1,0,1,0,1 = %q, %v", stdout.String(), err)
	}
}

// TestNotationRefusals checks that solve and show refuse a column beyond
// the width, empty items and signs, and, on a board of more than nine
// columns, a digit string, naming the comma form and --zero-based.
func TestNotationRefusals(t *testing.T) {
	beyond := fmt.Sprintf("1,%d", board.Width+1)
	cases := map[string][]string{
		beyond:  {"move 2", fmt.Sprintf("column %d is off the board (want 1 to %d)", board.Width+1, board.Width)},
		"1,,2":  {"move 2", "no column between two commas"},
		"1,-2":  {"move 2", "'-' is not a digit"},
		"1, 2":  {"move 2", "' ' is not a digit"},
		"1,123": {"move 2", "not a column"},
	}
	if board.Width > 9 {
		cases["1212"] = []string{"move 1", "does not read a digit a move", "commas (1,2,1,2)", "--zero-based"}
	}
	for moves, want := range cases {
		for _, cmd := range []struct {
			name string
			run  func(context.Context, []string, *strings.Reader, *bytes.Buffer, *bytes.Buffer) error
		}{
			{"solve", func(ctx context.Context, args []string, in *strings.Reader, out, errOut *bytes.Buffer) error {
				return runSolve(ctx, args, in, out, errOut)
			}},
			{"show", func(ctx context.Context, args []string, in *strings.Reader, out, errOut *bytes.Buffer) error {
				return runShow(ctx, args, in, out, errOut)
			}},
		} {
			var stdout, stderr bytes.Buffer
			err := cmd.run(context.Background(), []string{moves}, strings.NewReader(""), &stdout, &stderr)
			msg := stderr.String()
			if err != nil {
				msg += err.Error()
			}
			for _, part := range want {
				if err == nil || !strings.Contains(msg, part) {
					t.Errorf("%s %q: %v, stderr %q; want an error saying %q", cmd.name, moves, err, stderr.String(), part)
				}
			}
			if stdout.Len() > 0 {
				t.Errorf("%s %q printed %q", cmd.name, moves, stdout.String())
			}
		}
	}
}

// fixture writes a fixture of 1-based digits ("4453") as this board writes
// move strings: as it is on a board of up to nine columns, with commas on a
// wider one ("4,4,5,3"), so that the fixtures of columns every board has
// run at every width.
func fixture(digits string) string {
	cols := make([]int, len(digits))
	for i := range len(digits) {
		cols[i] = int(digits[i] - '0' - 1)
	}
	return board.MoveString(cols)
}
