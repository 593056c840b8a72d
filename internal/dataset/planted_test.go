package dataset

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestRunPlantedLinks checks that a symbolic link planted at a run's lock
// file or checkpoint (in a folder others can write) is refused with an
// error naming it, and that the file it points to keeps its bytes.
func TestRunPlantedLinks(t *testing.T) {
	for _, suffix := range []string{".lock", ".ckpt"} {
		t.Run(suffix, func(t *testing.T) {
			dir := t.TempDir()
			victim := filepath.Join(dir, "victim.txt")
			if err := os.WriteFile(victim, []byte("VICTIM\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			out := filepath.Join(dir, "e.jsonl")
			if err := os.Symlink("victim.txt", out+suffix); err != nil {
				t.Skip("no symbolic links here:", err)
			}
			err := Run(context.Background(), out, Options{Spec: quickSpec, TableMiB: 16})
			if err == nil || !strings.Contains(err.Error(), out+suffix) || !strings.Contains(err.Error(), "symbolic link") {
				t.Errorf("Run: error %v, want a refusal naming the link %s", err, out+suffix)
			}
			if got, _ := os.ReadFile(victim); string(got) != "VICTIM\n" {
				t.Errorf("victim.txt now holds %q", got)
			}
		})
	}
}

// TestLeftoverTemporariesRemoved checks that a merge removes the
// temporary files of its output and of the output's settings that a
// killed run left (OUT.tmp and digits), and leaves the user's files
// that merely look alike.
func TestLeftoverTemporariesRemoved(t *testing.T) {
	dir := t.TempDir()
	shard := filepath.Join(dir, "shard.jsonl")
	cleanRun(t, dir, "shard.jsonl", Options{Spec: quickSpec, TableMiB: 16})
	out := filepath.Join(dir, "m.jsonl")
	stale := []string{"m.jsonl.tmp1", "m.jsonl.tmp4017225519", "m.jsonl.settings.tmp77"}
	kept := []string{"m.jsonl.tmp", "m.jsonl.tmpl", "m.jsonl.tmp12x", "n.jsonl.tmp5", "m.jsonl.tmp9.bak"}
	for _, name := range append(slices.Clone(stale), kept...) {
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := Merge(out, []string{shard}, MergeOptions{}); err != nil {
		t.Fatal(err)
	}
	for _, name := range stale {
		if _, err := os.Lstat(filepath.Join(dir, name)); err == nil {
			t.Errorf("%s is left", name)
		}
	}
	for _, name := range kept {
		if _, err := os.Lstat(filepath.Join(dir, name)); err != nil {
			t.Errorf("%s: %v, want it kept", name, err)
		}
	}
}
