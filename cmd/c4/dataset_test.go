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

	"github.com/fourgen/fourgen/engine/board"
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
	runDatasetOK(t, "--count", "8", "--plies", plyRange(board.Cells-16, board.Cells-8), "--seed", "3", "--out", out, "--tt-mb", "16")
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
	common := []string{"--count", "10", "--plies", plyRange(board.Cells-12, board.Cells-6), "--seed", "4", "--tt-mb", "16"}
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
		{[]string{"--out", out, "--plies", plyRange(board.Cells-12, board.Cells), "--count", "1"}, "want A-B"},
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
var late = strconv.Itoa(board.Cells - 12)

// plyRange writes the --plies range from a to b.
func plyRange(a, b int) string { return fmt.Sprintf("%d-%d", a, b) }

// TestDatasetExistingOut checks c4 dataset with an --out FILE that
// exists: a foreign file is refused and left untouched, the output of the
// same run is nothing to do (said, exit 0, nothing labelled: a run with
// no time to label finishes), and --force replaces a foreign file.
func TestDatasetExistingOut(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "d.csv")
	flags := []string{"--count", "6", "--plies", plyRange(board.Cells-12, board.Cells-6), "--seed", "2", "--tt-mb", "16", "--out", out}
	runDatasetOK(t, flags...)
	written, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	foreign := []byte("index,notes\n1,keep me\n")
	tests := []struct {
		name    string
		content []byte
		extra   []string
		code    int
		stdout  string // in stdout
		stderr  string // in stderr
		after   []byte // the file afterwards
	}{
		{"foreign", foreign, nil, 1, "", "exists and is not the output of this run", foreign},
		{"same run", written, nil, 0, "already written (6 positions, plies " + plyRange(board.Cells-12, board.Cells-6) + ", seed 2): nothing to do", "", written},
		{"foreign, forced", foreign, []string{"--force"}, 0, out + ": 6 positions", "", written},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if err := os.WriteFile(out, tc.content, 0o644); err != nil {
				t.Fatal(err)
			}
			ctx := context.Background()
			if tc.name == "same run" { // nothing may be labelled
				var cancel context.CancelFunc
				ctx, cancel = context.WithCancel(ctx)
				cancel()
			}
			code, stdout, stderr := runC4(ctx, append(append([]string{"dataset"}, flags...), tc.extra...)...)
			after, _ := os.ReadFile(out)
			if code != tc.code || !strings.Contains(stdout, tc.stdout) || !strings.Contains(stderr, tc.stderr) || (tc.stderr == "" && stderr != "") {
				t.Errorf("exit %d, stdout %q, stderr %q; want %d, %q and %q", code, stdout, stderr, tc.code, tc.stdout, tc.stderr)
			}
			if !bytes.Equal(after, tc.after) {
				t.Errorf("the file afterwards:\n%s\nwant\n%s", after, tc.after)
			}
			if tc.code == 1 && !strings.Contains(stderr, "--force") {
				t.Errorf("stderr %q does not name --force", stderr)
			}
		})
	}
}

// TestDatasetSummary checks the line a finished run prints: its shard
// only when the dataset is sharded.
func TestDatasetSummary(t *testing.T) {
	dir := t.TempDir()
	plies := plyRange(board.Cells-12, board.Cells-6)
	for _, tc := range []struct {
		shard []string
		want  string
	}{
		{nil, "whole.jsonl: 4 positions, plies " + plies + ", seed 1\n"},
		{[]string{"--shard", "1/2"}, "half.jsonl: shard 1/2 of 4 positions, plies " + plies + ", seed 1\n"},
	} {
		name := "whole.jsonl"
		if tc.shard != nil {
			name = "half.jsonl"
		}
		out := filepath.Join(dir, name)
		got := runDatasetOK(t, append([]string{"--count", "4", "--plies", plies, "--tt-mb", "16", "--out", out}, tc.shard...)...)
		if want := filepath.Join(dir, tc.want); got != want {
			t.Errorf("printed %q, want %q", got, want)
		}
	}
}

// TestDatasetResumeOldCheckpoint checks that c4 dataset refuses a
// checkpoint of an older c4, without checksums, saying so.
func TestDatasetResumeOldCheckpoint(t *testing.T) {
	dir := t.TempDir()
	lo, hi := board.Cells-12, board.Cells-6
	out := filepath.Join(dir, "d.jsonl")
	flags := []string{"--count", "6", "--plies", plyRange(lo, hi), "--seed", "2", "--tt-mb", "16", "--out", out}
	header := fmt.Sprintf(`{"fourgen_dataset":1,"count":6,"min_ply":%d,"max_ply":%d,"seed":2,"distribution":"uniform","duplicates":false,"no_mirror":false,"shard":"0/1"}`+"\n", lo, hi)
	if err := os.WriteFile(out+".ckpt", []byte(header), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runC4(context.Background(), append([]string{"dataset"}, flags...)...)
	if code == 0 || !strings.Contains(stderr, "written by an older c4, without checksums: remove it") {
		t.Errorf("exit %d, stderr %q; want a refusal naming the older checkpoint", code, stderr)
	}
}

// TestDatasetStopsWhileDrawing checks that c4 dataset, stopped (its
// context cancelled, as by SIGINT) while it draws a dataset too big to
// hold, stops at once and says that the same command resumes; and that
// a count the plies cannot hold is refused with the number they hold.
func TestDatasetStopsWhileDrawing(t *testing.T) {
	refSkips.Classic(t, board.Width, board.Height, board.InARow) // a smaller board holds fewer positions than the count
	out := filepath.Join(t.TempDir(), "d.jsonl")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	code, _, stderr := runC4(ctx, "dataset", "--count", "1099511627776", "--plies", plyRange(board.Cells-20, board.Cells-8), "--out", out, "--tt-mb", "16")
	if code == 0 || !strings.Contains(stderr, "run again with the same flags to resume") {
		t.Errorf("exit %d, stderr %q; want a stop that says how to resume", code, stderr)
	}
	var stdout, errs bytes.Buffer
	err := runDataset(context.Background(), []string{"--count", "9223372036854775807", "--plies", "10-12", "--out", out}, nil, &stdout, &errs)
	if err == nil || !strings.Contains(err.Error(), "hold at most") {
		t.Errorf("--count 9223372036854775807: error %v, want one saying how many positions plies 10-12 hold", err)
	}
}

// TestDatasetMergeExistingOut checks c4 dataset merge with an --out FILE
// that exists: a foreign file is refused and left untouched, the same
// merge's output is nothing to do, and --force replaces a foreign file.
func TestDatasetMergeExistingOut(t *testing.T) {
	dir := t.TempDir()
	common := []string{"--count", "6", "--plies", plyRange(board.Cells-12, board.Cells-6), "--seed", "3", "--tt-mb", "16"}
	shards := []string{filepath.Join(dir, "s0.jsonl"), filepath.Join(dir, "s1.csv")}
	for i, s := range shards {
		runDatasetOK(t, append(common, "--shard", fmt.Sprintf("%d/2", i), "--out", s)...)
	}
	out := filepath.Join(dir, "all.jsonl")
	runDatasetOK(t, append([]string{"merge", "--out", out}, shards...)...)
	merged, _ := os.ReadFile(out)
	foreign := []byte("{\"not\":\"a dataset\"}\n")
	for _, tc := range []struct {
		name    string
		content []byte
		force   bool
		code    int
		want    string // in stdout or stderr
		after   []byte
	}{
		{"foreign", foreign, false, 1, "exists and is not the output of this run", foreign},
		{"same merge", merged, false, 0, "already written (6 positions from 2 files): nothing to do", merged},
		{"foreign, forced", foreign, true, 0, "6 positions from 2 files", merged},
	} {
		if err := os.WriteFile(out, tc.content, 0o644); err != nil {
			t.Fatal(err)
		}
		args := []string{"dataset", "merge", "--out", out}
		if tc.force {
			args = append(args, "--force")
		}
		code, stdout, stderr := runC4(context.Background(), append(args, shards...)...)
		after, _ := os.ReadFile(out)
		if code != tc.code || !strings.Contains(stdout+stderr, tc.want) || !bytes.Equal(after, tc.after) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q, file %q; want %d, %q and %q", tc.name, code, stdout, stderr, after, tc.code, tc.want, tc.after)
		}
	}
}

// TestDatasetMergeSettings checks c4 dataset merge of shards made with
// different seeds (refused, exit 1, naming both files and both seeds, no
// output written) and of a file without settings, as an older c4 wrote
// it (merged, with a warning naming it).
func TestDatasetMergeSettings(t *testing.T) {
	dir := t.TempDir()
	common := []string{"--count", "6", "--plies", plyRange(board.Cells-12, board.Cells-6), "--tt-mb", "16"}
	s0, s1, other := filepath.Join(dir, "s0.jsonl"), filepath.Join(dir, "s1.csv"), filepath.Join(dir, "other.csv")
	runDatasetOK(t, append(common, "--seed", "3", "--shard", "0/2", "--out", s0)...)
	runDatasetOK(t, append(common, "--seed", "3", "--shard", "1/2", "--out", s1)...)
	runDatasetOK(t, append(common, "--seed", "4", "--shard", "1/2", "--out", other)...)

	out := filepath.Join(dir, "mixed.jsonl")
	code, _, stderr := runC4(context.Background(), "dataset", "merge", "--out", out, s0, other)
	for _, want := range []string{s0, other, "--seed 3", "--seed 4", "shards of different datasets"} {
		if code != 1 || !strings.Contains(stderr, want) {
			t.Errorf("merging seeds 3 and 4: exit %d, stderr %q; want 1 and %q", code, stderr, want)
		}
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("the refused merge wrote %s: %v", out, err)
	}

	if err := os.Remove(s1 + ".settings"); err != nil {
		t.Fatal(err)
	}
	code, _, stderr = runC4(context.Background(), "dataset", "merge", "--out", filepath.Join(dir, "old.jsonl"), s0, s1)
	if want := "c4: dataset merge: warning: no settings recorded for " + s1; code != 0 || !strings.Contains(stderr, want) {
		t.Errorf("merging a file without settings: exit %d, stderr %q; want 0 and %q", code, stderr, want)
	}
	// The merge just written records no settings either (its inputs had
	// none to agree on); merging it again is warned about without
	// calling it an older c4's file.
	if err := os.Remove(s0 + ".settings"); err != nil {
		t.Fatal(err)
	}
	old := filepath.Join(dir, "unset.jsonl")
	if code, _, stderr = runC4(context.Background(), "dataset", "merge", "--out", old, s0, s1); code != 0 {
		t.Fatalf("merging %s and %s: exit %d, %s", s0, s1, code, stderr)
	}
	code, _, stderr = runC4(context.Background(), "dataset", "merge", "--out", filepath.Join(dir, "again.jsonl"), old)
	if want := "no settings recorded for " + old + " (files of an older c4, a merge of such files,"; code != 0 || !strings.Contains(stderr, want) || strings.Contains(stderr, "older c4?") {
		t.Errorf("merging a merge of files without settings: exit %d, stderr %q; want 0 and %q", code, stderr, want)
	}
}

// TestDatasetPlantedLockLink checks the reproduction of issue 59: a link
// planted at the lock file's name makes c4 dataset exit 1 naming it, and
// the file it points to keeps its bytes.
func TestDatasetPlantedLockLink(t *testing.T) {
	dir := t.TempDir()
	victim := filepath.Join(dir, "victim.txt")
	if err := os.WriteFile(victim, []byte("VICTIM\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "e.jsonl")
	if err := os.Symlink("victim.txt", out+".lock"); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	code, _, stderr := runC4(context.Background(), "dataset", "--count", "6", "--plies", plyRange(board.Cells-12, board.Cells-6), "--seed", "1", "--tt-mb", "16", "--out", out)
	if want := out + ".lock is a symbolic link"; code != 1 || !strings.Contains(stderr, want) {
		t.Errorf("exit %d, stderr %q; want 1 and %q", code, stderr, want)
	}
	if got, _ := os.ReadFile(victim); string(got) != "VICTIM\n" {
		t.Errorf("victim.txt now holds %q", got)
	}
}
