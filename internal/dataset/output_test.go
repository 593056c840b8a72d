package dataset

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/internal/filelock"
)

// TestRunExistingOutput checks what Run does with an output file that
// exists: nothing, saying so, when it is this run's output in any format
// (labelling nothing); it refuses, and leaves the file untouched, when it is anything else; and with Force it
// replaces it.
func TestRunExistingOutput(t *testing.T) {
	dir := t.TempDir()
	opts := Options{Spec: quickSpec, TableMiB: 16}
	for _, ext := range []string{".jsonl", ".csv", ".parquet"} {
		cleanRun(t, dir, "clean"+ext, opts)
	}
	clean, _ := os.ReadFile(filepath.Join(dir, "clean.jsonl"))
	other := opts
	other.Seed++
	otherRun := cleanRun(t, dir, "other.jsonl", other)
	lines := bytes.SplitAfter(clean, []byte("\n"))
	score := regexp.MustCompile(`"score":(-?\d+)`)
	edited := score.ReplaceAllFunc(clean, func(m []byte) []byte { // every score one more
		v, _ := strconv.Atoi(string(score.FindSubmatch(m)[1]))
		return []byte(`"score":` + strconv.Itoa(v+1))
	})
	tests := []struct {
		name    string
		ext     string
		content []byte // nil: a copy of the clean run's file of ext
		force   bool
		want    error  // ErrDone, nil (written) or an *ExistsError
		reason  string // in the ExistsError
	}{
		{"same run jsonl", ".jsonl", nil, false, ErrDone, ""},
		{"same run csv", ".csv", nil, false, ErrDone, ""},
		{"same run parquet", ".parquet", nil, false, ErrDone, ""},
		{"foreign text", ".jsonl", []byte("my notes, not a dataset\n"), false, &ExistsError{}, "line 1"},
		{"empty", ".csv", []byte{}, false, &ExistsError{}, "no header line"},
		{"another seed", ".jsonl", otherRun, false, &ExistsError{}, "record 1 is slot 0"},
		{"a shard of it", ".jsonl", bytes.Join(lines[:5], nil), false, &ExistsError{}, "5 records, this run writes 24"},
		{"an edited score", ".jsonl", edited, false, &ExistsError{}, "not the best of the scores"},
		{"too big to read", ".jsonl", bytes.Repeat([]byte("x"), 1<<16+quickSpec.Count*maxRecordBytes+1), false, &ExistsError{}, "too many for 24 records"},
		{"foreign, forced", ".jsonl", []byte("my notes\n"), true, nil, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(dir, "out"+tc.ext)
			defer os.Remove(out)
			content := tc.content
			if content == nil {
				content, _ = os.ReadFile(filepath.Join(dir, "clean"+tc.ext))
			}
			if err := os.WriteFile(out, content, 0o644); err != nil {
				t.Fatal(err)
			}
			run := opts
			run.Force = tc.force
			run.Progress = func(done, total int) { // ErrDone: nothing to label
				if tc.want == ErrDone {
					t.Errorf("labelled %d of %d", done, total)
				}
			}
			err := Run(context.Background(), out, run)
			got, _ := os.ReadFile(out)
			var exists *ExistsError
			switch {
			case tc.want == ErrDone && !errors.Is(err, ErrDone):
				t.Errorf("error %v, want ErrDone", err)
			case tc.want == nil && err != nil:
				t.Errorf("error %v, want the file replaced", err)
			case tc.want == nil && !bytes.Equal(got, clean):
				t.Errorf("forced: the file is not the run's output")
			case tc.want != nil && tc.want != ErrDone && (!errors.As(err, &exists) || !strings.Contains(exists.Reason, tc.reason)):
				t.Errorf("error %v, want an ExistsError saying %q", err, tc.reason)
			case tc.want != nil && !bytes.Equal(got, content):
				t.Errorf("the file was changed")
			}
			if _, err := os.Stat(out + ".ckpt"); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("a checkpoint was left or made: %v", err)
			}
		})
	}
}

// TestRunOutputNotAFile checks that Run, even with Force, never replaces
// an output that is not a regular file.
func TestRunOutputNotAFile(t *testing.T) {
	sub := filepath.Join(t.TempDir(), "sub.jsonl")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	forced := Options{Spec: quickSpec, TableMiB: 16, Force: true}
	if err := Run(context.Background(), sub, forced); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("a directory as output: error %v, want one saying it is not a regular file", err)
	}
}

// TestRunLockedOutput checks that a run or merge whose output another one
// is writing is refused at once, naming the output and the writer's pid,
// and leaves the output alone.
func TestRunLockedOutput(t *testing.T) {
	out := filepath.Join(t.TempDir(), "d.jsonl")
	lock, err := filelock.Acquire(out)
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Release()
	want := fmt.Sprintf("another c4 dataset is writing %s (process %d)", out, os.Getpid())
	err = Run(context.Background(), out, Options{Spec: quickSpec, TableMiB: 16})
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Run: error %v, want %q", err, want)
	}
	if _, err := Merge(out, []string{out + ".in"}, MergeOptions{}); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Merge: error %v, want %q", err, want)
	}
	for _, name := range []string{out, out + ".ckpt"} {
		if _, err := os.Stat(name); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s was made: %v", name, err)
		}
	}
}

// TestWriteLeavesNeighboursAlone checks that writing an output, by a run
// or a merge, goes through a temporary file of its own (package
// atomicfile): a file of the user's beside it, named as a fixed temporary
// name would be (OUT.tmp), is neither overwritten nor removed.
func TestWriteLeavesNeighboursAlone(t *testing.T) {
	dir := t.TempDir()
	shard := filepath.Join(dir, "shard.jsonl")
	cleanRun(t, dir, "shard.jsonl", Options{Spec: quickSpec, TableMiB: 16})
	for _, tc := range []struct {
		name  string
		write func(out string) error
	}{
		{"run", func(out string) error { return Run(context.Background(), out, Options{Spec: quickSpec, TableMiB: 16}) }},
		{"merge", func(out string) error { _, err := Merge(out, []string{shard}, MergeOptions{}); return err }},
	} {
		out := filepath.Join(dir, tc.name+".csv")
		mine := []byte("the user's notes\n")
		if err := os.WriteFile(out+".tmp", mine, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := tc.write(out); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got, err := os.ReadFile(out + ".tmp"); err != nil || !bytes.Equal(got, mine) {
			t.Errorf("%s: %s.tmp is now %q, %v; want it untouched", tc.name, out, got, err)
		}
	}
}
