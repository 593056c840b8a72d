package main

import (
	"bytes"
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine"
)

// TestTableTooLarge asks every command that takes --tt-mb for one MiB more
// than this machine allows. Each must refuse it as a usage error naming the
// limit, before allocating anything: a table larger than the memory used to
// kill the process with "fatal error: out of memory".
func TestTableTooLarge(t *testing.T) {
	limit := engine.MaxTableMiB()
	big := strconv.Itoa(limit + 1)
	want := fmt.Sprintf("--tt-mb %s: want 1 to %d MiB", big, limit)
	for _, args := range [][]string{
		{"solve", "--tt-mb", big, "44"},
		{"analyze", "--tt-mb", big, "44"},
		{"bench", "f", "--tt-mb", big},
		{"book", "build", "--tt-mb", big, "--out", "unused"},
		{"book", "verify", "--against", "unused", "--tt-mb", big},
		{"serve", "--tt-mb", big, "--addr", "127.0.0.1:0"},
		{"match", "random", "greedy", "--tt-mb", big},
		{"play", "--tt-mb", big},
	} {
		t.Run(strings.Join(args[:2], " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			err := run(context.Background(), args, strings.NewReader(""), &stdout, &stderr)
			if code := report(err, &stderr); code != 2 || !strings.Contains(stderr.String(), want) {
				t.Errorf("%q: exit %d, stderr %q; want 2 and %q", args, code, stderr.String(), want)
			}
		})
	}
}

// TestTableLimit checks that --tt-mb accepts the limit the help names.
func TestTableLimit(t *testing.T) {
	if err := checkTable("solve", engine.MaxTableMiB()); err != nil {
		t.Errorf("checkTable at the limit: %v", err)
	}
}
