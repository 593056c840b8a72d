package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine"
)

// runDatasetOK runs c4 dataset with args and fails t on an error.
func runDatasetOK(t *testing.T, args ...string) string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if err := runDataset(context.Background(), args, nil, &stdout, &stderr); err != nil {
		t.Fatalf("c4 dataset %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return stdout.String()
}

// TestDatasetAgreesWithAnalyze writes a small dataset and checks each line
// against c4 analyze: the same seven column scores, and a score that is
// their best.
func TestDatasetAgreesWithAnalyze(t *testing.T) {
	out := filepath.Join(t.TempDir(), "d.jsonl")
	runDatasetOK(t, "--count", "8", "--plies", plyRange(engine.Cells-16, engine.Cells-8), "--seed", "3", "--out", out, "--tt-mb", "16")
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(lines) != 8 {
		t.Fatalf("%d lines, want 8", len(lines))
	}
	for _, line := range lines {
		var rec struct {
			Pos    string `json:"pos"`
			Score  int    `json:"score"`
			Scores []int  `json:"scores"`
		}
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		var stdout, stderr bytes.Buffer
		if err := runAnalyze(context.Background(), []string{"--tt-mb", "16", rec.Pos}, nil, &stdout, &stderr); err != nil {
			t.Fatal(err)
		}
		want := strings.Fields(stdout.String())[1:]
		best := -1000
		for col, s := range rec.Scores {
			if strconv.Itoa(s) != want[col] {
				t.Errorf("%s: column %d scores %d, c4 analyze says %s", rec.Pos, col+1, s, want[col])
			}
			best = max(best, s)
		}
		if rec.Score != best {
			t.Errorf("%s: score %d, want the best column's %d", rec.Pos, rec.Score, best)
		}
	}
}

// TestDatasetJobArray runs a dataset as a two-task job array, the index
// in the environment as Kubernetes and Slurm set it, merges the shards to
// Parquet and checks that this equals a one-machine run.
func TestDatasetJobArray(t *testing.T) {
	dir := t.TempDir()
	common := []string{"--count", "10", "--plies", plyRange(engine.Cells-12, engine.Cells-6), "--seed", "4", "--tt-mb", "16"}
	one := filepath.Join(dir, "one.parquet")
	runDatasetOK(t, append(common, "--out", one)...)
	t.Setenv("JOB_COMPLETION_INDEX", "0")
	runDatasetOK(t, append(common, "--shard-from-env", "--shards", "2", "--out", filepath.Join(dir, "s0.jsonl"))...)
	t.Setenv("JOB_COMPLETION_INDEX", "")
	t.Setenv("SLURM_ARRAY_TASK_ID", "2")
	runDatasetOK(t, append(common, "--shard-from-env", "--shards", "2", "--array-base", "1", "--out", filepath.Join(dir, "s1.csv"))...)
	merged := filepath.Join(dir, "merged.parquet")
	got := runDatasetOK(t, "merge", "--out", merged, filepath.Join(dir, "s0.jsonl"), filepath.Join(dir, "s1.csv"))
	if !strings.Contains(got, "10 positions from 2 files") {
		t.Errorf("merge printed %q", got)
	}
	a, _ := os.ReadFile(one)
	b, _ := os.ReadFile(merged)
	if len(a) == 0 || !bytes.Equal(a, b) {
		t.Error("merged job array output differs from a one-machine run")
	}
}

func TestDatasetUsage(t *testing.T) {
	out := filepath.Join(t.TempDir(), "d.jsonl")
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--plies", late, "--count", "1"}, "want --out"},
		{[]string{"--out", out, "--count", "1"}, "want --plies"},
		{[]string{"--out", out, "--plies", late}, "count 0"},
		{[]string{"--out", "d.txt", "--plies", late, "--count", "1"}, "unknown format"},
		{[]string{"--out", out, "--plies", plyRange(engine.Cells-12, engine.Cells), "--count", "1"}, "want A-B"},
		{[]string{"--out", out, "--plies", late, "--count", "1", "--dist", "x"}, "uniform or games"},
		{[]string{"--out", out, "--plies", late, "--count", "1", "--workers", "0"}, "--workers 0"},
		{[]string{"--out", out, "--plies", late, "--count", "1", "extra"}, "unexpected argument"},
		{[]string{"merge", "--out", out}, "at least one shard"},
		{[]string{"merge", "--out", "x.txt", "a.jsonl"}, "unknown format"},
	}
	for _, tc := range tests {
		var stdout, stderr bytes.Buffer
		err := runDataset(context.Background(), tc.args, nil, &stdout, &stderr)
		var ue *usageError
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("c4 dataset %s: error %v, want a usage error containing %q", strings.Join(tc.args, " "), err, tc.want)
		}
	}
}

// late is a number of stones late in a game of this board, whose
// positions solve in moments.
var late = strconv.Itoa(engine.Cells - 12)

// plyRange writes the --plies range from a to b.
func plyRange(a, b int) string { return fmt.Sprintf("%d-%d", a, b) }
