package eval

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine/board"
)

// writeFiles writes each text to a file of a new directory, named by its
// index ("0.txt", ...), and returns their paths.
func writeFiles(t *testing.T, texts ...string) []string {
	t.Helper()
	dir := t.TempDir()
	var paths []string
	for i, text := range texts {
		path := filepath.Join(dir, string(rune('0'+i))+".txt")
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, path)
	}
	return paths
}

// TestReadFiles checks which positions of each file --skip and --limit
// take, file by file, and how the first n of them are described.
func TestReadFiles(t *testing.T) {
	refSkips.Classic(t, board.Width, board.Height, board.InARow) // "6" is a column of the classic board
	files := writeFiles(t, "1\n2\n3\n4 0\n", "5\n6 1\n")
	for _, tc := range []struct {
		skip, limit int
		moves       []string
		perFile     []int
		evaluated   string // of the first 3
	}{
		{0, 0, []string{"1", "2", "3", "4", "5", "6"}, []int{4, 2}, "0.txt: 3 of 4, 1.txt: 0 of 2"},
		{1, 2, []string{"2", "3", "6"}, []int{2, 1}, "0.txt: 2 of 2, 1.txt: 1 of 1"},
		{3, 0, []string{"4"}, []int{1, 0}, "0.txt: 1 of 1, 1.txt: 0 of 0"},
		{1, int(^uint(0) >> 1), []string{"2", "3", "4", "6"}, []int{3, 1}, "0.txt: 3 of 3, 1.txt: 0 of 1"},
	} {
		fs, err := ReadFiles(files, tc.skip, tc.limit)
		if err != nil {
			t.Fatalf("skip %d, limit %d: %v", tc.skip, tc.limit, err)
		}
		var moves []string
		for _, p := range fs.Positions {
			moves = append(moves, p.Moves)
		}
		if !slices.Equal(moves, tc.moves) || !slices.Equal(fs.PerFile, tc.perFile) {
			t.Errorf("skip %d, limit %d: positions %q, per file %v; want %q, %v", tc.skip, tc.limit, moves, fs.PerFile, tc.moves, tc.perFile)
		}
		if got := fs.Evaluated(3); got != tc.evaluated {
			t.Errorf("skip %d, limit %d: Evaluated(3) = %q, want %q", tc.skip, tc.limit, got, tc.evaluated)
		}
	}
}

// TestReadFilesRefuses checks that a missing file or a bad line stops
// the reading, naming the file.
func TestReadFilesRefuses(t *testing.T) {
	files := writeFiles(t, fixtureText("44\n"), fixtureText("44\n4x\n"))
	if _, err := ReadFiles([]string{files[0], files[1] + ".missing"}, 0, 0); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing file: %v, want it not found", err)
	}
	if _, err := ReadFiles(files, 0, 0); err == nil || !strings.Contains(err.Error(), "1.txt: line 2") {
		t.Errorf("a bad line: %v, want 1.txt: line 2", err)
	}
}

// TestReadReportFiles checks that the reports of several files come back
// in order, and that a missing or bad file is refused.
func TestReadReportFiles(t *testing.T) {
	a, b := &Report{Agent: "a"}, &Report{Agent: "b"}
	a.finish()
	b.finish()
	files := writeFiles(t, string(encode(t, a)), string(encode(t, b, a)), "{}")
	read, err := readReportFiles(files[:2])
	var agents []string
	for _, r := range read {
		agents = append(agents, r.Agent)
	}
	if err != nil || !slices.Equal(agents, []string{"a", "b", "a"}) {
		t.Fatalf("readReportFiles = the reports of %q, %v; want a, b, a", agents, err)
	}
	if _, err := readReportFiles([]string{files[0], files[0] + ".missing"}); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing file: %v, want it not found", err)
	}
	if _, err := readReportFiles(files); err == nil || !strings.Contains(err.Error(), "2.txt") {
		t.Errorf("a bad file: %v, want an error naming 2.txt", err)
	}
}
