package dataset

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/internal/shard"
)

// runShard runs shard i of n of spec into dir/name and returns its path.
func runShard(t *testing.T, dir, name string, spec Spec, i, n int) string {
	t.Helper()
	path := filepath.Join(dir, name)
	opts := Options{Spec: spec, TableMiB: 16, Shard: shard.Part{Index: i, Of: n}}
	if err := Run(context.Background(), path, opts); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestMergeMixedSettings checks that shards of runs with different
// settings are refused, in every format, naming both files and both
// settings, and that nothing is written.
func TestMergeMixedSettings(t *testing.T) {
	other := quickSpec
	other.Seed++
	fewer := quickSpec
	fewer.MaxPly--
	for _, tc := range []struct {
		name  string
		spec  Spec   // of the second shard
		ext   string // of both shards
		which string // the differing flag, as the error names it
	}{
		{"seed jsonl", other, ".jsonl", fmt.Sprintf("--seed %d", other.Seed)},
		{"seed csv", other, ".csv", fmt.Sprintf("--seed %d", other.Seed)},
		{"seed parquet", other, ".parquet", fmt.Sprintf("--seed %d", other.Seed)},
		{"plies", fewer, ".jsonl", fmt.Sprintf("--plies %d-%d", fewer.MinPly, fewer.MaxPly)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sub := t.TempDir()
			a := runShard(t, sub, "a"+tc.ext, quickSpec, 0, 2)
			b := runShard(t, sub, "b"+tc.ext, tc.spec, 1, 2)
			out := filepath.Join(sub, "merged.jsonl")
			_, err := Merge(out, []string{a, b}, MergeOptions{})
			mine := fmt.Sprintf("--seed %d", quickSpec.Seed)
			if err == nil || !strings.Contains(err.Error(), a) || !strings.Contains(err.Error(), b) ||
				!strings.Contains(err.Error(), tc.which) || !strings.Contains(err.Error(), mine) {
				t.Errorf("Merge of shards with different settings: error %v, want one naming %s, %s, %q and %q", err, a, b, mine, tc.which)
			}
			if _, err := os.Stat(out); !os.IsNotExist(err) {
				t.Errorf("the refused merge wrote %s: %v", out, err)
			}
		})
	}
}

// TestMergeSettings checks what a merge of shards of one run records:
// the settings of the whole dataset, so that the merged file (and its
// sidecar) is the one-machine run's byte for byte in every format; and
// that shards of one run split differently merge.
func TestMergeSettings(t *testing.T) {
	dir := t.TempDir()
	shards := []string{
		runShard(t, dir, "s0.parquet", quickSpec, 0, 2),
		runShard(t, dir, "s1.csv", quickSpec, 1, 4), // 1/2 finished as 1/4 and 3/4
		runShard(t, dir, "s3.jsonl", quickSpec, 3, 4),
	}
	for _, ext := range []string{".jsonl", ".csv", ".parquet"} {
		one := runShard(t, dir, "one"+ext, quickSpec, 0, 1)
		merged := filepath.Join(dir, "merged"+ext)
		if _, err := Merge(merged, shards, MergeOptions{}); err != nil {
			t.Fatalf("%s: %v", ext, err)
		}
		for _, suffix := range []string{"", settingsSuffix} {
			if ext == ".parquet" && suffix != "" {
				continue
			}
			want, err1 := os.ReadFile(one + suffix)
			got, err2 := os.ReadFile(merged + suffix)
			if err1 != nil || err2 != nil || !bytes.Equal(got, want) {
				t.Errorf("%s%s: the merged file differs from a one-machine run's (%v, %v)", merged, suffix, err1, err2)
			}
		}
	}
}

// TestMergeWithoutSettings checks that files without settings (as an
// older c4 wrote them) still merge, each named in a warning, and that a
// merge of such files alone records no settings.
func TestMergeWithoutSettings(t *testing.T) {
	dir := t.TempDir()
	a := runShard(t, dir, "a.jsonl", quickSpec, 0, 2)
	b := runShard(t, dir, "b.csv", quickSpec, 1, 2)
	if err := os.Remove(b + settingsSuffix); err != nil {
		t.Fatal(err)
	}
	var told []string
	notify := func(msg string) { told = append(told, msg) }
	if _, err := Merge(filepath.Join(dir, "m1.jsonl"), []string{a, b}, MergeOptions{Notify: notify}); err != nil {
		t.Fatal(err)
	}
	if len(told) != 1 || !strings.Contains(told[0], b) || strings.Contains(told[0], a) {
		t.Errorf("warnings %q, want one naming %s alone", told, b)
	}
	if err := os.Remove(a + settingsSuffix); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "m2.jsonl")
	stale := []byte("stale\n")
	if err := os.WriteFile(out+settingsSuffix, stale, 0o644); err != nil {
		t.Fatal(err)
	}
	told = nil
	if _, err := Merge(out, []string{a, b}, MergeOptions{Notify: notify}); err != nil {
		t.Fatal(err)
	}
	if len(told) != 1 || !strings.Contains(told[0], a+", "+b) {
		t.Errorf("warnings %q, want one naming %s and %s", told, a, b)
	}
	if _, err := os.Stat(out + settingsSuffix); !os.IsNotExist(err) {
		t.Errorf("a merge of files without settings left a sidecar: %v", err)
	}
}

// TestBadSettings checks that a sidecar that is not settings as c4 writes
// them is refused by a merge, naming the file.
func TestBadSettings(t *testing.T) {
	dir := t.TempDir()
	a := runShard(t, dir, "a.jsonl", quickSpec, 0, 1)
	good, err := os.ReadFile(a + settingsSuffix)
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range [][]byte{
		[]byte("my notes\n"),
		bytes.TrimSuffix(good, []byte("\n")), // cut short
		bytes.Replace(good, []byte(`"seed":5`), []byte(`"seed":05`), 1),
		bytes.Replace(good, []byte(`{`), []byte(`{"extra":1,`), 1),
		bytes.Replace(good, []byte(`_settings":2`), []byte(`_settings":3`), 1),
		bytes.Replace(good, []byte(`_settings":2`), []byte(`_settings":1`), 1), // version 1 had no board
		bytes.Repeat([]byte("x"), 4*maxSettingsBytes),
	} {
		if err := os.WriteFile(a+settingsSuffix, bad, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Merge(filepath.Join(dir, "m.jsonl"), []string{a}, MergeOptions{})
		if err == nil || !strings.Contains(err.Error(), a) || !strings.Contains(err.Error(), "not the settings") {
			t.Errorf("sidecar %.40q: error %v, want one naming %s", bad, err, a)
		}
	}
}

// FuzzParseSettings checks that settings are accepted only as encode
// writes them.
func FuzzParseSettings(f *testing.F) {
	f.Add(settingsOf(Options{Spec: quickSpec, Shard: shard.Part{Index: 0, Of: 1}}).encode())
	f.Add([]byte(`{"fourgen_dataset_settings":1}`))
	f.Add([]byte(`{"fourgen_dataset_settings":1,"count":1,"seed":-1}`))
	f.Add([]byte("null"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := parseSettings(data)
		if err == nil && !bytes.Equal(s.encode(), data) {
			t.Errorf("parseSettings(%q) = %+v, which encodes as %q", data, s, s.encode())
		}
	})
}
