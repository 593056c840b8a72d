package main

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// TestBookFlags checks --book and --no-book on every command that solves:
// they exclude each other, and a missing or corrupt book is refused with
// the file named, before any work.
func TestBookFlags(t *testing.T) {
	dir := t.TempDir()
	garbage := writeBytes(t, dir, "garbage.book", []byte("not a book at all, longer than a header"))
	missing := filepath.Join(dir, "missing.book")
	commands := [][]string{
		{"solve", "4453"},
		{"analyze", "4453"},
		{"bench", filepath.Join(dir, "none.txt")},
		{"match", "random", "greedy"},
		{"play"},
		{"serve", "--addr", "127.0.0.1:0"},
		{"book", "verify", "--against", filepath.Join(dir, "none.dat")},
	}
	for _, cmd := range commands {
		for _, tc := range []struct {
			flags []string
			code  int
			want  string
		}{
			{[]string{"--book", garbage, "--no-book"}, 2, "--book and --no-book exclude each other"},
			{[]string{"--book", missing}, 1, "--book " + missing + ": no such file or directory"},
			{[]string{"--book", garbage}, 1, "--book " + garbage + ": bad book: "},
		} {
			args := append(append([]string{}, cmd...), tc.flags...)
			code, _, stderr := runC4(context.Background(), args...)
			if code != tc.code || !strings.Contains(stderr, tc.want) {
				t.Errorf("c4 %s: exit %d, stderr %q; want %d and %q", strings.Join(args, " "), code, stderr, tc.code, tc.want)
			}
		}
	}
}

// TestThreadsFlag checks that --threads outside 1 to engine.MaxThreads is
// refused, and that 2 threads give the same answers as one.
func TestThreadsFlag(t *testing.T) {
	for _, cmd := range []string{"solve", "analyze", "bench"} {
		for _, n := range []string{"0", "-1", "65", "x"} {
			code, _, stderr := runC4(context.Background(), cmd, "--threads", n, "4453")
			if code != 2 || !strings.Contains(stderr, "-threads") {
				t.Errorf("c4 %s --threads %s: exit %d, stderr %q; want 2 and a message about --threads", cmd, n, code, stderr)
			}
		}
	}
	var positions []string
	for _, line := range refLines(t, "positions/n16.txt", 10) {
		moves, _ := splitLine(line)
		positions = append(positions, moves)
	}
	for _, cmd := range []string{"solve", "analyze"} {
		_, one, _ := runC4(context.Background(), append([]string{cmd}, positions...)...)
		code, two, stderr := runC4(context.Background(), append([]string{cmd, "--threads", "2"}, positions...)...)
		if code != 0 || one != two || one == "" {
			t.Errorf("c4 %s: one thread says\n%s\ntwo threads (exit %d, %s) say\n%s", cmd, one, code, stderr, two)
		}
	}
}

// TestThreadsDefault checks the --threads defaults: every core for solve
// analyze and serve, which answer one position at a time, and one for bench,
// whose times compare with other solvers' single-thread figures.
func TestThreadsDefault(t *testing.T) {
	for cmd, want := range map[string]int{"solve": allCores(), "analyze": allCores(), "serve": allCores(), "bench": 1} {
		_, stdout, stderr := runC4(context.Background(), "help", cmd)
		help := stdout + stderr
		i := strings.Index(help, "  -threads int")
		if i < 0 {
			t.Fatalf("c4 help %s lists no --threads:\n%s", cmd, help)
		}
		line, _, _ := strings.Cut(help[i+2:], "\n  -") // up to the next flag
		if !strings.Contains(line, fmt.Sprintf("(default %d", want)) {
			t.Errorf("c4 help %s: %q, want the default %d", cmd, line, want)
		}
	}
}

// TestBookOtherSize checks the default book choice at a board other than
// the embedded book's: no book, no error, nothing said on any command
// (it once said so on every one), and the --book flag's help saying
// that the default is none.
func TestBookOtherSize(t *testing.T) {
	applies := bookApplies
	defer func() { bookApplies = applies }()
	bookApplies = func() bool { return false }
	for range 2 {
		if b, err := (&bookChoice{}).load("solve"); b != nil || err != nil {
			t.Fatalf("load = %v, %v; want no book and no error", b, err)
		}
	}
	for _, cmd := range []string{"solve", "analyze", "play", "dataset"} {
		_, help, _ := runC4(context.Background(), "help", cmd)
		if !strings.Contains(help, "(default: none, the embedded book is 7×6)") {
			t.Errorf("c4 help %s does not say there is no book by default:\n%s", cmd, help)
		}
	}
	code, _, stderr := runC4(context.Background(), "play", "--agent", "random", "--seed", "1")
	if code != 0 || stderr != "" {
		t.Errorf("c4 play: exit %d, stderr %q; want 0 and nothing", code, stderr)
	}
}
