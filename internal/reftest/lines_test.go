package reftest

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestLines checks that Lines returns the first non-empty lines, and
// records a skip when the file is missing.
func TestLines(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "f.txt"), []byte("a 1\n\nb 2\nc 3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var s Skips
	for _, tc := range []struct {
		n    int
		want []string
	}{
		{0, nil},
		{1, []string{"a 1"}},
		{2, []string{"a 1", "b 2"}},
		{3, []string{"a 1", "b 2", "c 3"}},
	} {
		if got := s.Lines(t, dir, "f.txt", tc.n); !slices.Equal(got, tc.want) {
			t.Errorf("Lines(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
	var skipped bool
	t.Run("missing", func(t *testing.T) {
		defer func() { skipped = t.Skipped() }()
		s.Lines(t, dir, "none.txt", 1)
	})
	if !skipped || s.Line("p") == "" {
		t.Errorf("a missing file: skipped %t, line %q; want a recorded skip", skipped, s.Line("p"))
	}
}
