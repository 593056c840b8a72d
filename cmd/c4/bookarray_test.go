package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine/board"
)

// TestBookBuildJobArray builds a small book as a two-task job array, the
// index in the environment as Kubernetes and Slurm set it, merges the
// shards and checks that the book equals a one-process build's.
func TestBookBuildJobArray(t *testing.T) {
	if testing.Short() {
		t.Skip("solves positions of board.MaxBookPlies stones: skipped with -short")
	}
	dir := t.TempDir()
	// The deepest book there is, one stone deep: a handful of positions.
	root := lateMoves(t, board.MaxBookPlies-1)
	common := []string{"book", "build", "--root", root, "--plies", fmt.Sprint(board.MaxBookPlies), "--tt-mb", "16"}
	build := func(out string, extra ...string) {
		t.Helper()
		args := append(append(append([]string{}, common...), extra...), "--out", filepath.Join(dir, out))
		if code, _, stderr := runC4(context.Background(), args...); code != 0 {
			t.Fatalf("c4 %s: exit %d: %s", strings.Join(args, " "), code, stderr)
		}
	}
	merge := func(out string, shards ...string) []byte {
		t.Helper()
		args := []string{"book", "merge", "--out", filepath.Join(dir, out)}
		for _, s := range shards {
			args = append(args, filepath.Join(dir, s))
		}
		if code, _, stderr := runC4(context.Background(), args...); code != 0 {
			t.Fatalf("c4 %s: exit %d: %s", strings.Join(args, " "), code, stderr)
		}
		data, err := os.ReadFile(filepath.Join(dir, out))
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	build("one.shard")
	t.Setenv("JOB_COMPLETION_INDEX", "1")
	build("k8s.shard", "--shard-from-env", "--shards", "2")
	t.Setenv("JOB_COMPLETION_INDEX", "")
	t.Setenv("SLURM_ARRAY_TASK_ID", "1") // the first task of an array numbered from 1
	build("slurm.shard", "--shard-from-env", "--shards", "2", "--array-base", "1")

	for name, part := range map[string]string{"k8s.shard": "shard=1/2", "slurm.shard": "shard=0/2"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if header, _, _ := bytes.Cut(data, []byte("\n")); !bytes.Contains(header, []byte(part)) {
			t.Errorf("%s: header %q does not name %s", name, header, part)
		}
	}
	one, array := merge("one.book", "one.shard"), merge("array.book", "slurm.shard", "k8s.shard")
	if len(one) == 0 || !bytes.Equal(one, array) {
		t.Errorf("the book merged from the job array's shards (%d bytes) differs from the one-process build's (%d bytes)", len(array), len(one))
	}
}
