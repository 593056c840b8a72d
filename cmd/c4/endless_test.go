package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/fourgen/fourgen/internal/endless"
	"github.com/fourgen/fourgen/internal/posfile"
)

// This file checks that input that never ends (as /dev/zero) or holds a
// line over the limit ends every command that reads it, at once, with a
// clear error naming the line, and exit status 1.

// hangLimit is how long a command may take before the test calls it
// hung. It is no timing claim: the commands end in milliseconds, and
// without the limits they never end.
const hangLimit = time.Minute // only a failing test waits it out: generous, so a loaded machine never fails one

// runEnding runs c4 with args and stdin as main does, and returns its exit
// status, stdout and stderr; it fails the test if c4 does not end.
func runEnding(t *testing.T, args []string, stdin io.Reader) (int, string, string) {
	t.Helper()
	type result struct {
		code           int
		stdout, stderr string
	}
	done := make(chan result, 1)
	go func() {
		var stdout, stderr bytes.Buffer
		err := run(context.Background(), args, stdin, &stdout, &stderr)
		code := report(err, &stderr)
		done <- result{code, stdout.String(), stderr.String()}
	}()
	select {
	case r := <-done:
		return r.code, r.stdout, r.stderr
	case <-time.After(hangLimit):
		t.Fatalf("c4 %q has not ended after %v", args, hangLimit)
		return 0, "", ""
	}
}

// TestEndlessStdin checks solve and analyze on endless stdin and on a
// line over the limit: refused at the line, the lines before answered,
// none after.
func TestEndlessStdin(t *testing.T) {
	good := movesOf(refLines(t, "pons/Test_L3_R1", 1))[0]
	for _, cmd := range []string{"solve", "analyze"} {
		for _, tc := range []struct {
			name    string
			stdin   io.Reader
			answers int    // lines answered on stdout
			want    string // the error
		}{
			{"zeros", endless.Reader(0), 0, "c4: reading stdin: line 1 holds a NUL byte: binary data, not lines of text\n"},
			{"endless line", endless.Reader('x'), 0, "c4: reading stdin: line 1 is longer than 65536 bytes"},
			{"a line, then an endless one", io.MultiReader(strings.NewReader(good+"\n"), endless.Reader('4')), 1, "c4: reading stdin: line 2 is longer than 65536 bytes"},
			{"a line, then zeros", io.MultiReader(strings.NewReader(good+"\n"), endless.Reader(0)), 1, "c4: reading stdin: line 2 holds a NUL byte"},
			{"blanks after the first field", strings.NewReader(good + "\n2" + strings.Repeat(" ", 70000) + "\x01\n" + good + "\n"), 1, "c4: reading stdin: line 2 is longer than 65536 bytes"},
			{"a long comment", strings.NewReader(good + " " + strings.Repeat("#", 1<<20) + "\n"), 0, "c4: reading stdin: line 1 is longer than 65536 bytes"},
		} {
			t.Run(cmd+"/"+tc.name, func(t *testing.T) {
				code, stdout, stderr := runEnding(t, []string{cmd}, tc.stdin)
				if code != 1 || !strings.HasPrefix(stderr, tc.want) || strings.Count(stderr, "\n") != 1 {
					t.Errorf("exit %d, stderr %.200q; want 1 and one line %q", code, stderr, tc.want)
				}
				if got := strings.Count(stdout, "\n"); got != tc.answers || tc.answers > 0 && !strings.HasPrefix(stdout, good+" ") {
					t.Errorf("stdout %.200q, want %d answers of %s", stdout, tc.answers, good)
				}
			})
		}
	}
}

// TestEndlessFiles checks the commands that read files on a file that
// never ends, /dev/zero (where there is one), and bench on a file with a
// line over the limit.
func TestEndlessFiles(t *testing.T) {
	const zero = "/dev/zero"
	if _, err := os.Stat(zero); err != nil {
		t.Skip(err)
	}
	dir := t.TempDir()
	good := refLines(t, "pons/Test_L3_R1", 1)[0]
	long := writeFile(t, "long", []string{good, "2" + strings.Repeat(" ", 70000) + "\x01", good})
	notBook := "bad book: not a fourgen book (magic \"\\x00\\x00\\x00\\x00\\x00\\x00\")"
	for _, tc := range []struct {
		args []string
		want string // a piece of the error
	}{
		{[]string{"bench", zero}, "c4: bench: 1 unreadable file"},
		{[]string{"bench", zero}, zero + ": line 1 holds a NUL byte"},
		{[]string{"bench", long}, long + ": line 2 is longer than 65536 bytes"},
		{[]string{"book", "info", zero}, "c4: " + zero + ": " + notBook},
		{[]string{"book", "merge", "--out", filepath.Join(dir, "x.fgb"), zero}, "c4: book merge: " + zero + ":1: a NUL byte: binary data, not a shard file"},
		{[]string{"book", "verify", "--book", zero, "--against", filepath.Join(dir, "absent")}, "c4: book verify: --book " + zero + ": " + notBook},
		{[]string{"solve", "--book", zero, ""}, "c4: solve: --book " + zero + ": " + notBook},
		{[]string{"solve", "-b", zero, ""}, "c4: solve: --book " + zero + ": " + notBook},
		{[]string{"analyze", "--book", zero, ""}, "c4: analyze: --book " + zero + ": " + notBook},
		{[]string{"bench", "--book", zero, long}, "c4: bench: --book " + zero + ": " + notBook},
		{[]string{"play", "--book", zero}, "c4: play: --book " + zero + ": " + notBook},
		{[]string{"match", "--book", zero, "random", "random"}, "c4: match: --book " + zero + ": " + notBook},
		{[]string{"serve", "--book", zero, "--addr", "127.0.0.1:0"}, "c4: serve: --book " + zero + ": " + notBook},
	} {
		t.Run(strings.Join(tc.args[:2], " "), func(t *testing.T) {
			code, _, stderr := runEnding(t, tc.args, strings.NewReader(""))
			if code != 1 || !strings.Contains(stderr, tc.want) {
				t.Errorf("c4 %q: exit %d, stderr %.300q; want 1 and %q", tc.args, code, stderr, tc.want)
			}
			if _, err := os.Stat(filepath.Join(dir, "x.fgb")); err == nil {
				t.Errorf("c4 %q wrote a book", tc.args)
			}
		})
	}
}

// TestHelpLineLimit checks that the helps of the commands that read lines
// name the limit the reader keeps.
func TestHelpLineLimit(t *testing.T) {
	limit := fmt.Sprintf("over %d KiB", posfile.MaxLineBytes>>10)
	for name, help := range map[string]string{"solve": solveHelp, "bench": benchHelp} {
		if !strings.Contains(strings.Join(strings.Fields(help), " "), limit) {
			t.Errorf("c4 help %s does not say %q", name, limit)
		}
	}
}
