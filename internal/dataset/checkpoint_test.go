package dataset

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestResumeTamperedCheckpoint stops a run, edits its checkpoint, and
// checks what resuming does: an edited record (a column's score one less,
// the best score changed, a line respaced, a hash changed) is refused
// with an error naming the file and line, the checkpoint left as it is; a
// record moved out of its place is dropped with the lines after it and
// labelled again, and the output is the clean run's.
func TestResumeTamperedCheckpoint(t *testing.T) {
	dir := t.TempDir()
	opts := Options{Spec: quickSpec, TableMiB: 16, Workers: 2}
	want := cleanRun(t, dir, "clean.jsonl", opts)
	column := regexp.MustCompile(`"scores":\[(-?\d+)`)
	// edit changes line n (the header is line 1) with re's first group.
	edit := func(n int, re *regexp.Regexp, change func(v int) string) func([]byte) []byte {
		return func(b []byte) []byte {
			lines := bytes.SplitAfter(b, []byte("\n"))
			m := re.FindSubmatchIndex(lines[n-1])
			v, _ := strconv.Atoi(string(lines[n-1][m[2]:m[3]]))
			lines[n-1] = append(append(bytes.Clone(lines[n-1][:m[2]]), change(v)...), lines[n-1][m[3]:]...)
			return bytes.Join(lines, nil)
		}
	}
	minus := func(v int) string { return strconv.Itoa(v - 1) }
	tests := []struct {
		name   string
		damage func([]byte) []byte
		err    string // the error of resuming, "" for none
		said   string // what Notify must be told
	}{
		{"untouched", func(b []byte) []byte { return b }, "", ""},
		{"a column's score one less", edit(3, column, minus), "line 3: its checksum does not match", ""},
		{"the score one less", edit(9, regexp.MustCompile(`"score":(-?\d+)`), minus), "line 9: its checksum does not match", ""},
		{"a hash changed", func(b []byte) []byte {
			lines := bytes.SplitAfter(b, []byte("\n"))
			i := bytes.Index(lines[3], []byte(`"mac":"`)) + len(`"mac":"`)
			if lines[3][i] == 'a' { // another hex digit
				lines[3][i] = '1'
			} else {
				lines[3][i] = 'a'
			}
			return bytes.Join(lines, nil)
		}, "line 4: its checksum", ""},
		{"a respaced line", func(b []byte) []byte { return bytes.Replace(b, []byte(`"pos":`), []byte(`"pos": `), 2) }, "line 2: its checksum", ""},
		{"a line moved", func(b []byte) []byte {
			lines := bytes.SplitAfter(b, []byte("\n"))
			lines[4], lines[5] = lines[5], lines[4]
			return bytes.Join(lines, nil)
		}, "", "dropped 7 lines from line 5 on, where the record of slot 3 was expected (index 4)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(dir, "resumed.jsonl")
			defer os.Remove(out)
			defer os.Remove(out + ".ckpt")
			damaged := tc.damage(stopAt(t, out, opts, 10))
			if err := os.WriteFile(out+".ckpt", damaged, 0o644); err != nil {
				t.Fatal(err)
			}
			var said []string
			resumed := opts
			resumed.Notify = func(msg string) { said = append(said, msg) }
			err := Run(context.Background(), out, resumed)
			if tc.err != "" {
				after, _ := os.ReadFile(out + ".ckpt")
				if err == nil || !strings.Contains(err.Error(), out+".ckpt") || !strings.Contains(err.Error(), tc.err) {
					t.Errorf("error %v, want one naming the checkpoint and saying %q", err, tc.err)
				} else if !bytes.Equal(after, damaged) {
					t.Errorf("the refused checkpoint was changed")
				}
				return
			}
			if err != nil {
				t.Fatalf("resume: %v", err)
			}
			if got, _ := os.ReadFile(out); !bytes.Equal(got, want) {
				t.Errorf("resumed file differs from a clean run")
			}
			if all := strings.Join(said, "\n"); (tc.said == "") != (all == "") || !strings.Contains(all, tc.said) {
				t.Errorf("told %q, want %q", all, tc.said)
			}
		})
	}
}

// stopAt runs opts to out, stops it after n records and returns its
// checkpoint.
func stopAt(t *testing.T, out string, opts Options, n int) []byte {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	opts.Progress = func(done, total int) {
		if done >= n {
			cancel()
		}
	}
	if err := Run(ctx, out, opts); !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	ckpt, err := os.ReadFile(out + ".ckpt")
	if err != nil {
		t.Fatal(err)
	}
	if lines := bytes.Count(ckpt, []byte("\n")); lines != n+1 {
		t.Fatalf("checkpoint of %d lines, want a header and %d records", lines, n)
	}
	return ckpt
}

// TestCheckpointWrittenEarly checks that a run of a dataset too big to
// hold streams its positions: its checkpoint holds its header and first
// record as soon as that is labelled (a run that drew every position
// first asked for 2^40 slots of memory).
func TestCheckpointWrittenEarly(t *testing.T) {
	out := filepath.Join(t.TempDir(), "d.jsonl")
	opts := Options{Spec: Spec{Count: 1 << 40, MinPly: quickSpec.MinPly, MaxPly: quickSpec.MaxPly, Seed: 1}, TableMiB: 16, Workers: 1}
	// A small board holds fewer distinct positions than the count: there,
	// the same stream with duplicates.
	opts.Spec.Duplicates = uint64(opts.Spec.Count) > maxDistinct(opts.Spec.MinPly, opts.Spec.MaxPly, false)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	opts.Progress = func(done, total int) {
		if done >= 1 {
			cancel()
		}
	}
	err := Run(ctx, out, opts)
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "run again with the same flags to resume") {
		t.Fatalf("error %v, want a stop that says how to resume", err)
	}
	ckpt, err := os.ReadFile(out + ".ckpt")
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(ckpt, []byte("\n")); n != 2 {
		t.Errorf("checkpoint of %d lines, want the header and 1 record", n)
	}
}
