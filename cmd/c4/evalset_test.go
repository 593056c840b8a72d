package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/internal/evalset"
)

// TestEvalShipped: with no FILE, c4 eval takes the shipped set, from a
// folder outside any repository; --limit takes the first positions of
// each cell. Its scores (the labels) give the report that solving the
// same positions at eval time gives.
func TestEvalShipped(t *testing.T) {
	needBook(t)
	t.Chdir(t.TempDir())
	args := []string{"eval", "level3", "--seed", "1", "--limit", "5", "--json", "--threads", "1", "--tt-mb", "8"}
	code, shipped, errOut := runC4(context.Background(), args...)
	if code != 0 {
		t.Fatalf("c4 %q: exit %d: %s", args, code, errOut)
	}
	if !strings.Contains(shipped, `"positions": 30,`) {
		t.Errorf("c4 %q: want 30 positions (5 of each of 6 cells):\n%s", args, shipped)
	}
	set, err := evalset.Shipped()
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for i := range evalset.CellCount() {
		for _, p := range set.Cell(i)[:5] {
			lines = append(lines, p.Moves)
		}
	}
	file := filepath.Join(t.TempDir(), "positions.txt")
	if err := os.WriteFile(file, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	args = []string{"eval", "level3", "--seed", "1", file, "--json", "--threads", "1", "--tt-mb", "8"}
	code, solved, errOut := runC4(context.Background(), args...)
	if code != 0 || solved != shipped {
		t.Errorf("c4 %q (the same positions, solved): exit %d, %s\n%s\nwant the shipped set's report\n%s", args, code, errOut, solved, shipped)
	}
}
