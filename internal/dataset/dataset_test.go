package dataset

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/movetest"
	"github.com/fourgen/fourgen/internal/shard"
	"github.com/fourgen/fourgen/internal/solvertest"
)

func TestParsePlies(t *testing.T) {
	tests := []struct {
		in     string
		lo, hi int
		ok     bool
	}{
		{fmt.Sprintf("%d-%d", maxPly/3, maxPly/2), maxPly / 3, maxPly / 2, true},
		{strconv.Itoa(quickSpec.MinPly), quickSpec.MinPly, quickSpec.MinPly, true},
		{fmt.Sprintf("0-%d", maxPly), 0, maxPly, true},
		{fmt.Sprintf("%d-%d", maxPly/2, maxPly/3), 0, 0, false}, {fmt.Sprintf("0-%d", board.Cells), 0, 0, false}, {"-1-3", 0, 0, false}, {"a-b", 0, 0, false}, {"", 0, 0, false}, {"3-", 0, 0, false},
	}
	for _, tc := range tests {
		lo, hi, err := ParsePlies(tc.in)
		if (err == nil) != tc.ok || lo != tc.lo || hi != tc.hi {
			t.Errorf("ParsePlies(%q) = %d, %d, %v; want %d, %d, ok %v", tc.in, lo, hi, err, tc.lo, tc.hi, tc.ok)
		}
	}
}

// TestPositions checks that the positions are reproducible, in range, not
// over, unique and mirror-canonical, for both distributions.
func TestPositions(t *testing.T) {
	for _, dist := range []Distribution{Uniform, Games} {
		spec := Spec{Count: 500, MinPly: 4, MaxPly: maxPly, Seed: 9, Distribution: dist}
		a, err := samplePositions(spec)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := samplePositions(spec)
		if strings.Join(a, ",") != strings.Join(b, ",") {
			t.Fatalf("%s: two calls gave different positions", dist)
		}
		seen := map[board.Bits]bool{}
		for j, moves := range a {
			p, err := board.Parse(movetest.Fixture(moves))
			switch {
			case err != nil:
				t.Fatalf("%s slot %d: %v", dist, j, err)
			case p.Moves() < spec.MinPly || p.Moves() > spec.MaxPly || p.IsWon() || p.IsFull():
				t.Fatalf("%s slot %d: %q out of range or over", dist, j, moves)
			case p.Key() != p.CanonicalKey():
				t.Fatalf("%s slot %d: %q is not mirror-canonical", dist, j, moves)
			case seen[p.Key()]:
				t.Fatalf("%s slot %d: %q repeated", dist, j, moves)
			}
			seen[p.Key()] = true
		}
	}
	// One stone has only (Width+1)/2 positions up to mirroring (four on
	// 7×6), Width without.
	half := (board.Width + 1) / 2
	if ps, err := samplePositions(Spec{Count: half, MinPly: 1, MaxPly: 1}); err != nil || len(ps) != half {
		t.Errorf("%d unique positions of one stone: %v, %v", half, ps, err)
	}
	if _, err := samplePositions(Spec{Count: half + 1, MinPly: 1, MaxPly: 1}); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("hold at most %d distinct positions", half)) {
		t.Errorf("%d unique positions of one stone: error %v, want one saying there are at most %d", half+1, err, half)
	}
	// Up to one stone, the empty board too: every one of them, though
	// slots draw the number of stones before the game and some draw 0
	// stones again once the empty board is taken.
	for seed := range uint64(20) {
		if ps, err := samplePositions(Spec{Count: half + 1, MinPly: 0, MaxPly: 1, Seed: seed}); err != nil || len(ps) != half+1 {
			t.Errorf("seed %d: %d unique positions of 0 or 1 stone: %v, %v", seed, half+1, ps, err)
		}
	}
	if ps, err := samplePositions(Spec{Count: half + 1, MinPly: 1, MaxPly: 1, Duplicates: true}); err != nil || len(ps) != half+1 {
		t.Errorf("%d positions of one stone with duplicates: %v, %v", half+1, ps, err)
	}
	if ps, err := samplePositions(Spec{Count: board.Width, MinPly: 1, MaxPly: 1, NoMirror: true}); err != nil || len(ps) != board.Width {
		t.Errorf("%d positions of one stone without mirroring: %v, %v", board.Width, ps, err)
	}
}

// TestLabelsAgreeWithAnalyze checks a run's records against the solver
// called directly: the column scores of Analyze, and a score equal to
// Solve's.
func TestLabelsAgreeWithAnalyze(t *testing.T) {
	out := filepath.Join(t.TempDir(), "d.jsonl")
	if err := Run(context.Background(), out, Options{Spec: quickSpec, TableMiB: 16}); err != nil {
		t.Fatal(err)
	}
	recs, err := readFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != quickSpec.Count {
		t.Fatalf("%d records, want %d", len(recs), quickSpec.Count)
	}
	s := solvertest.New(t, 16)
	for i, rec := range recs {
		p, _ := board.Parse(movetest.Fixture(rec.Pos))
		scores, err := s.Analyze(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		score, err := s.Solve(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		if rec.Index != int64(i) || rec.Score != int(score) {
			t.Errorf("record %d (%q): index %d score %d, want %d and %d", i, rec.Pos, rec.Index, rec.Score, i, score)
		}
		for col, sc := range scores {
			if rec.Scores[col] != int(sc) {
				t.Errorf("record %d (%q): column %d scores %d, Analyze says %d", i, rec.Pos, col+1, rec.Scores[col], sc)
			}
		}
	}
	if _, err := os.Stat(out + ".ckpt"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("checkpoint left behind: %v", err)
	}
}

// cleanRun writes the dataset of spec to a new file in dir and returns
// its bytes.
func cleanRun(t *testing.T, dir, name string, opts Options) []byte {
	t.Helper()
	out := filepath.Join(dir, name)
	if err := Run(context.Background(), out, opts); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestResume stops runs at several points, damages the checkpoint as a
// kill -9 can (a partial last line), and checks that resuming writes the
// same file as a clean run.
func TestResume(t *testing.T) {
	dir := t.TempDir()
	opts := Options{Spec: quickSpec, TableMiB: 16, Workers: 2}
	want := cleanRun(t, dir, "clean.jsonl", opts)
	damage := []struct {
		name string
		f    func(ckpt []byte) []byte
	}{
		{"as left", func(b []byte) []byte { return b }},
		{"half a line", func(b []byte) []byte {
			lines := bytes.SplitAfter(b, []byte("\n"))
			last := lines[len(lines)-2]
			return append(b[:len(b)-len(last)], last[:len(last)/2]...)
		}},
		{"a torn header", func(b []byte) []byte { return b[:10] }},
	}
	for _, stopAt := range []int{1, 7, 15} {
		for _, d := range damage {
			out := filepath.Join(dir, "resumed.jsonl")
			ctx, cancel := context.WithCancel(context.Background())
			stopped := opts
			stopped.Progress = func(done, total int) {
				if done >= stopAt {
					cancel()
				}
			}
			err := Run(ctx, out, stopped)
			cancel()
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("stop at %d: error %v, want context.Canceled", stopAt, err)
			}
			ckpt, err := os.ReadFile(out + ".ckpt")
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(out+".ckpt", d.f(ckpt), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := Run(context.Background(), out, opts); err != nil {
				t.Fatalf("stop at %d, %s: resume: %v", stopAt, d.name, err)
			}
			got, _ := os.ReadFile(out)
			if !bytes.Equal(got, want) {
				t.Errorf("stop at %d, %s: resumed file differs from a clean run", stopAt, d.name)
			}
			os.Remove(out)
		}
	}
}

// TestResumeRefusesOtherRun checks that a checkpoint of other flags is not
// resumed.
func TestResumeRefusesOtherRun(t *testing.T) {
	out := filepath.Join(t.TempDir(), "d.jsonl")
	other := quickSpec
	other.Seed++
	if err := os.WriteFile(out+".ckpt", headerLine(Options{Spec: other, Shard: shard.Part{Index: 0, Of: 1}}, newRunID()), 0o644); err != nil {
		t.Fatal(err)
	}
	err := Run(context.Background(), out, Options{Spec: quickSpec})
	if err == nil || !strings.Contains(err.Error(), "another run") {
		t.Errorf("error %v, want one about another run", err)
	}
}

// TestResumeReadsBounded checks that resuming reads a checkpoint a line at
// a time: a checkpoint with 64 MiB of junk after its header, a partial
// last line, is resumed (the junk cut off) without holding it.
func TestResumeReadsBounded(t *testing.T) {
	out := filepath.Join(t.TempDir(), "d.jsonl")
	opts := Options{Spec: quickSpec, TableMiB: 16, Workers: 1}
	opts.Shard = shard.Part{Index: 0, Of: 1}
	junk := bytes.Repeat([]byte("x"), 64<<20)
	header := headerLine(opts, newRunID())
	if err := os.WriteFile(out+".ckpt", append(header, junk...), 0o644); err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	ck, err := resume(out+".ckpt", opts, newShardStream(context.Background(), opts), 3, nil)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	defer ck.f.Close()
	if ck.done != 0 {
		t.Errorf("%d records resumed from junk", ck.done)
	}
	if read := after.TotalAlloc - before.TotalAlloc; read > 1<<20 {
		t.Errorf("resuming allocated %d bytes for a checkpoint of 3 slots", read)
	}
	if st, err := ck.f.Stat(); err != nil || st.Size() != int64(len(header)) {
		t.Errorf("checkpoint left at %v bytes (%v), want the header's %d", st.Size(), err, len(header))
	}
}
