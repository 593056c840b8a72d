package treerules

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReviewableSizes fails when the command or the generator grows past
// what a reviewer reads at a sitting: cmd/c4 at most 1,600 non-blank lines
// (what it computes belongs in packages), gen at most 750 lines of code
// (neither blank nor comment), tests aside.
func TestReviewableSizes(t *testing.T) {
	for _, c := range []struct {
		dir      string
		max      int
		comments bool // whether comment lines count
	}{
		{"cmd/c4", 1600, true},
		// A reviewer reads the generator instead of its output, so it stays
		// well under the output (TestGeneratorSmallerThanOutput); 750 is
		// issue 55's aim, within which connect-k (issue 58) must fit too.
		// gen/*.go only: what does not depend on the geometry is ordinary Go
		// that gen copies (gen/oneword, gen/twowords), and the prose of the
		// generated doc comments is gen/docs.txtar, as it is comment lines in
		// the output.
		{"gen", 750, false},
	} {
		if n := sourceLines(t, c.dir, c.comments); n > c.max {
			t.Errorf("%s has %d lines, over %d: move what it computes into packages, or build each pattern once", c.dir, n, c.max)
		}
	}
}

// TestGeneratorSmallerThanOutput fails when gen has as many lines of code
// as the files it writes for 7×6 (engine/board/*_gen.go): a reviewer who
// reads the generator instead of its output must read less.
func TestGeneratorSmallerThanOutput(t *testing.T) {
	gen := sourceLines(t, "gen", false)
	out := globLines(t, "engine/board/*_gen.go", false)
	if gen >= out {
		t.Errorf("gen has %d lines of code, its 7×6 output %d: keep what does not depend on the geometry in hand-written Go that gen copies", gen, out)
	}
}

// sourceLines counts the non-blank lines of the non-test Go files of dir,
// without the comment lines unless comments is set.
func sourceLines(t *testing.T, dir string, comments bool) int {
	return globLines(t, filepath.Join(dir, "*.go"), comments)
}

// globLines counts the non-blank lines of the non-test files matching
// pattern (from the repository root), without the comment lines unless
// comments is set.
func globLines(t *testing.T, pattern string, comments bool) int {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(repoRoot, pattern))
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
		lines := strings.Split(string(src), "\n")
		if comments {
			n += len(lines) - blankLines(lines)
		} else {
			n += countCode(lines)
		}
	}
	return n
}
