package reftest

import (
	"bufio"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// Lines returns the first n non-empty lines of the reference file rel
// under dir (the directory [Dir] returns), recording tb as skipped when the
// file is not there. It fails tb when the file cannot be read or has fewer
// than n such lines.
func (s *Skips) Lines(tb testing.TB, dir, rel string, n int) []string {
	tb.Helper()
	f, err := os.Open(filepath.Join(dir, rel))
	if errors.Is(err, os.ErrNotExist) {
		s.Skip(tb, err)
	}
	if err != nil {
		tb.Fatal(err)
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
		tb.Fatal(err)
	}
	if len(lines) < n {
		tb.Fatalf("%s has %d lines, want at least %d", rel, len(lines), n)
	}
	return lines
}
