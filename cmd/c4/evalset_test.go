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
	code, _, errOut = runC4(context.Background(), "eval", "level3", "--pons")
	if code != 2 || !strings.Contains(errOut, "--pons: no default") {
		t.Errorf("c4 eval level3 --pons outside the repository: exit %d, %q; want a usage error saying there is no default", code, errOut)
	}
}

// TestEvalBuildSet: c4 eval build-set writes a set that reads back, the
// first positions of each cell of the shipped set (of the same seed).
func TestEvalBuildSet(t *testing.T) {
	needBook(t)
	out := filepath.Join(t.TempDir(), "set.txt")
	code, _, errOut := runC4(context.Background(), "eval", "build-set", "--per-cell", "1", "--out", out, "--threads", "1", "--tt-mb", "8")
	if code != 0 {
		t.Fatalf("c4 eval build-set: exit %d: %s", code, errOut)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	set, err := evalset.Read(f)
	if err != nil {
		t.Fatal(err)
	}
	shipped, err := evalset.Shipped()
	if err != nil {
		t.Fatal(err)
	}
	for i := range evalset.CellCount() {
		if got, want := set.Cell(i)[0].Moves, shipped.Cell(i)[0].Moves; got != want {
			t.Errorf("cell %s: built %s, shipped %s", evalset.CellName(i), got, want)
		}
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"eval", "build-set"}, "want --out"},
		{[]string{"eval", "build-set", "--out", out, "--per-cell", "0"}, "--per-cell 0"},
		{[]string{"eval", "build-set", "--out", out, "extra"}, "unexpected arguments"},
	} {
		if code, _, errOut := runC4(context.Background(), tt.args...); code != 2 || !strings.Contains(errOut, tt.want) {
			t.Errorf("c4 %q: exit %d, %q; want a usage error saying %q", tt.args, code, errOut, tt.want)
		}
	}
}
