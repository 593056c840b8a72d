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

// TestResumeEditedCheckpoint stops a run, edits its checkpoint in ways
// that still parse, and checks that resuming writes the file of a clean
// run and says what it found: an edited label is labelled again, a line
// that is not the next slot's record is dropped with the lines after it.
func TestResumeEditedCheckpoint(t *testing.T) {
	dir := t.TempDir()
	opts := Options{Spec: quickSpec, TableMiB: 16, Workers: 2}
	want := cleanRun(t, dir, "clean.jsonl", opts)
	score := regexp.MustCompile(`"score":(-?\d+)`)
	// edit changes the score of the record on line n (the header is line 1).
	edit := func(n int, change func(score int) int) func([]byte) []byte {
		return func(b []byte) []byte {
			lines := bytes.SplitAfter(b, []byte("\n"))
			m := score.FindSubmatch(lines[n-1])
			v, _ := strconv.Atoi(string(m[1]))
			lines[n-1] = score.ReplaceAll(lines[n-1], []byte(`"score":`+strconv.Itoa(change(v))))
			return bytes.Join(lines, nil)
		}
	}
	tests := []struct {
		name   string
		damage func([]byte) []byte
		said   []string // what Notify must be told, in order
	}{
		{"untouched", func(b []byte) []byte { return b }, nil},
		{"a score one less", edit(3, func(v int) int { return v - 1 }),
			[]string{"labels that do not fit their positions in 1 of 10 records", "slot 1: score", "labelling them again"}},
		{"two scores edited", func(b []byte) []byte {
			return edit(2, func(v int) int { return v + 1 })(edit(9, func(v int) int { return -v - 1 })(b))
		},
			[]string{"in 2 of 10 records", "slot 0: score", "slot 7: score"}},
		{"a line moved", func(b []byte) []byte {
			lines := bytes.SplitAfter(b, []byte("\n"))
			lines[4], lines[5] = lines[5], lines[4]
			return bytes.Join(lines, nil)
		}, []string{"dropped 7 lines from line 5 on, where the record of slot 3 was expected (index 4)"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(dir, "resumed.jsonl")
			defer os.Remove(out)
			ctx, cancel := context.WithCancel(context.Background())
			stopped := opts
			stopped.Progress = func(done, total int) {
				if done >= 10 {
					cancel()
				}
			}
			if err := Run(ctx, out, stopped); !errors.Is(err, context.Canceled) {
				t.Fatalf("error %v, want context.Canceled", err)
			}
			cancel()
			ckpt, err := os.ReadFile(out + ".ckpt")
			if err != nil {
				t.Fatal(err)
			}
			if n := bytes.Count(ckpt, []byte("\n")); n != 11 {
				t.Fatalf("checkpoint of %d lines, want a header and 10 records", n)
			}
			if err := os.WriteFile(out+".ckpt", tc.damage(ckpt), 0o644); err != nil {
				t.Fatal(err)
			}
			var said []string
			resumed := opts
			resumed.Notify = func(msg string) { said = append(said, msg) }
			if err := Run(context.Background(), out, resumed); err != nil {
				t.Fatalf("resume: %v", err)
			}
			if got, _ := os.ReadFile(out); !bytes.Equal(got, want) {
				t.Errorf("resumed file differs from a clean run")
			}
			all := strings.Join(said, "\n")
			if (len(said) == 0) != (len(tc.said) == 0) {
				t.Errorf("told %q, want %q", all, tc.said)
			}
			for _, w := range tc.said {
				if !strings.Contains(all, w) {
					t.Errorf("told %q, want it to say %q", all, w)
				}
			}
		})
	}
}
