package policy

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReviewableSizes fails when the command or the generator grows past
// what a reviewer reads at a sitting: cmd/c4 at most 1,600 non-blank lines
// (what it computes belongs in packages), gen at most 1160 lines of code
// (neither blank nor comment), tests aside.
func TestReviewableSizes(t *testing.T) {
	for _, c := range []struct {
		dir      string
		max      int
		comments bool // whether comment lines count
	}{
		{"cmd/c4", 1600, true},
		{"gen", 1160, false}, // 750, plus about 210 for the two-word representation (emit_bits.go, the pair dialect), and 190 for Bits and its methods on both representations (the engine written once against them)
	} {
		if n := sourceLines(t, c.dir, c.comments); n > c.max {
			t.Errorf("%s has %d lines, over %d: move what it computes into packages, or build each pattern once", c.dir, n, c.max)
		}
	}
}

// sourceLines counts the non-blank lines of the non-test Go files of dir,
// without the comment lines unless comments is set.
func sourceLines(t *testing.T, dir string, comments bool) int {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(repoRoot, dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(src), "\n") {
			line = strings.TrimSpace(line)
			if line != "" && (comments || !strings.HasPrefix(line, "//")) {
				n++
			}
		}
	}
	return n
}
