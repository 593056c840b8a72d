package main

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine/board"
)

// TestRun checks dispatch, help and exit statuses through run and report,
// as main uses them.
func TestRun(t *testing.T) {
	full := fixture(strings.Repeat("4", board.Height+2)) // a move into a full column
	late := lateMoves(t, board.Cells-10)                 // analysed at once at any size
	for _, tc := range []struct {
		name       string
		args       []string
		code       int
		stdout     []string // substrings the output must contain
		stderr     []string // substrings the error output must contain
		wantStdout bool     // whether anything may be printed on stdout
	}{
		{name: "no command", args: nil, code: 2, stderr: []string{"c4: no command given", "c4 help"}},
		{name: "unknown command", args: []string{"slove", "4453"}, code: 2, stderr: []string{`c4: unknown command "slove"`, "c4 help"}},
		{name: "help", args: []string{"help"}, code: 0, stdout: []string{"usage: c4 COMMAND", "show", "version", "help"}, wantStdout: true},
		{name: "-h", args: []string{"-h"}, code: 0, stdout: []string{"usage: c4 COMMAND"}, wantStdout: true},
		{name: "help show", args: []string{"help", "show"}, code: 0, stdout: []string{"usage: c4 show [MOVES]", "c<column>r<row>"}, wantStdout: true},
		{name: "show -h", args: []string{"show", "-h"}, code: 0, stdout: []string{"usage: c4 show [MOVES]"}, wantStdout: true},
		{name: "help unknown", args: []string{"help", "slove"}, code: 2, stderr: []string{`c4: help: unknown command "slove"`, "usage: c4 help [COMMAND]"}},
		{name: "help two", args: []string{"help", "show", "help"}, code: 2, stderr: []string{"c4: help: want at most one command"}},
		{name: "show", args: []string{"show", fixture("4453")}, code: 0, stdout: []string{"to move:  player 1 (x)"}, wantStdout: true},
		{name: "show empty", args: []string{"show"}, code: 0, stdout: []string{"0 played"}, wantStdout: true},
		{name: "show two", args: []string{"show", "44", "55"}, code: 2, stderr: []string{"c4: show: want at most one move string", "usage: c4 show [MOVES]"}},
		{name: "show bad flag", args: []string{"show", "-x"}, code: 2, stderr: []string{"c4: show: unknown flag: -x\n", "usage: c4 show [MOVES]"}},
		{name: "solve unknown long flag", args: []string{"solve", "-bogus"}, code: 2, stderr: []string{"c4: solve: unknown flag: -bogus\n"}},
		{name: "solve a dash before moves", args: []string{"solve", "-4453"}, code: 2, stderr: []string{"c4: solve: unknown flag: -4453\n"}},
		{name: "solve two dashes", args: []string{"solve", "--4453"}, code: 2, stderr: []string{"c4: solve: unknown flag: --4453\n"}},
		{name: "solve near-miss flag", args: []string{"solve", "--thread", "2", "44"}, code: 2, stderr: []string{"c4: solve: unknown flag: --thread; did you mean --threads?\n"}},
		{name: "near-miss command", args: []string{"analyse", "44"}, code: 2, stderr: []string{`c4: unknown command "analyse"; did you mean analyze?` + "\n", "c4 help"}},
		{name: "swapped letters", args: []string{"slove", "44"}, code: 2, stderr: []string{`c4: unknown command "slove"; did you mean solve?` + "\n"}},
		{name: "help near-miss", args: []string{"help", "analyse"}, code: 2, stderr: []string{`c4: help: unknown command "analyse"; did you mean analyze?` + "\n"}},
		{name: "far from every command", args: []string{"xyzzy"}, code: 2, stderr: []string{`c4: unknown command "xyzzy"` + "\n"}},
		{name: "--version", args: []string{"--version"}, code: 0, stdout: []string{"c4 ", "go1."}, wantStdout: true},
		{name: "-version", args: []string{"-version"}, code: 0, stdout: []string{"c4 ", "go1."}, wantStdout: true},
		{name: "solve bad value", args: []string{"solve", "--tt-mb", "x"}, code: 2, stderr: []string{`c4: solve: invalid value "x" for flag --tt-mb: `}},
		{name: "solve bad boolean", args: []string{"solve", "--stats=maybe"}, code: 2, stderr: []string{`c4: solve: invalid boolean value "maybe" for --stats: `}},
		{name: "bench flag without value", args: []string{"bench", "f", "--limit"}, code: 2, stderr: []string{"c4: bench: flag needs an argument: --limit\n"}},
		{name: "match one agent", args: []string{"match", "random"}, code: 2, stderr: []string{"c4: match: want two agents, got 1 argument\n"}},
		{name: "solve -a", args: []string{"solve", "-a", late}, code: 0, stdout: []string{late + " "}, wantStdout: true},
		{name: "show bad moves", args: []string{"show", fixture("4") + ",0a"}, code: 1, stderr: []string{fmt.Sprintf(`c4: show "4,0a": move 2 ("0a"): not a column: 'a' is not a digit (want 1 to %d)`, board.Width)}},
		{name: "show full column", args: []string{"show", full}, code: 1, stderr: []string{fmt.Sprintf(`c4: show %q: move %d (4): column 4 is full`, full, board.Height+1)}},
		{name: "version", args: []string{"version"}, code: 0, stdout: []string{"c4 ", "go1."}, wantStdout: true},
		{name: "version extra", args: []string{"version", "x"}, code: 2, stderr: []string{"c4: version: want no arguments"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			err := run(context.Background(), tc.args, strings.NewReader(""), &stdout, &stderr)
			code := report(err, &stderr)
			if code != tc.code {
				t.Errorf("exit status = %d, want %d (error: %v)", code, tc.code, err)
			}
			for _, s := range tc.stdout {
				if !strings.Contains(stdout.String(), s) {
					t.Errorf("stdout lacks %q:\n%s", s, stdout.String())
				}
			}
			for _, s := range tc.stderr {
				if !strings.Contains(stderr.String(), s) {
					t.Errorf("stderr lacks %q:\n%s", s, stderr.String())
				}
			}
			if !tc.wantStdout && stdout.Len() > 0 {
				t.Errorf("stdout = %q, want nothing", stdout.String())
			}
			if tc.code == 0 && stderr.Len() > 0 {
				t.Errorf("stderr = %q, want nothing", stderr.String())
			}
		})
	}
}

// lateMoves returns a move string of n stones where nobody has four:
// each move the leftmost column that does not make four.
func lateMoves(t *testing.T, n int) string {
	t.Helper()
	var p board.Position
	moves := ""
	for p.Moves() < n {
		col := 0
		for col < board.Width && (!p.CanPlay(col) || p.IsWinningMove(col)) {
			col++
		}
		if col == board.Width {
			t.Fatalf("no move after %q without four", moves)
		}
		p.Play(col)
		moves = board.Usual().Append(moves, col)
	}
	return moves
}

// TestInterrupted checks that a cancelled context is reported as an
// interruption, not as the error that carried it.
func TestInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var stderr bytes.Buffer
	if code := report(context.Cause(ctx), &stderr); code != 1 || stderr.String() != "c4: interrupted\n" {
		t.Errorf("report(canceled) = %d, %q; want 1, %q", code, stderr.String(), "c4: interrupted\n")
	}
}

// TestCommands checks that the command table is well formed.
func TestCommands(t *testing.T) {
	seen := make(map[string]bool)
	for _, c := range commands() {
		if c.name == "" || c.summary == "" || c.help == "" || c.run == nil {
			t.Errorf("command %q is missing a name, summary, help or run function", c.name)
		}
		if seen[c.name] {
			t.Errorf("command %q is listed twice", c.name)
		}
		seen[c.name] = true
		if !strings.HasSuffix(c.help, "\n") {
			t.Errorf("help of %q does not end in a newline", c.name)
		}
	}
}
