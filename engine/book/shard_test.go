package book

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/endless"
)

// TestParseShardLine checks the "KEY SCORE" lines of a shard file.
func TestParseShardLine(t *testing.T) {
	for _, tc := range []struct {
		line  string
		key   uint32
		score int
		ok    bool
	}{
		{"351484 0", 351484, 0, true},
		{"7 -18", 7, -18, true},
		{"4294967295 17", 1<<32 - 1, 17, true},
		{"4294967296 0", 0, 0, false}, // beyond 32 bits
		{"12 x", 0, 0, false},
		{"12", 0, 0, false},
		{"", 0, 0, false},
		{"-1 0", 0, 0, false},
	} {
		key, score, err := parseShardLine(tc.line)
		if (err == nil) != tc.ok || tc.ok && (key != tc.key || int(score) != tc.score) {
			t.Errorf("parseShardLine(%q) = %d, %d, %v; want %d, %d, ok %v", tc.line, key, score, err, tc.key, tc.score, tc.ok)
		}
	}
}

// FuzzParseShardLine checks that parseShardLine never panics and that a
// line it accepts holds the key and score it returns.
func FuzzParseShardLine(f *testing.F) {
	for _, s := range []string{"351484 0", "7 -18", "12 x", "", " ", "1 2 3", "+5 +5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		key, score, err := parseShardLine(line)
		if err != nil {
			return
		}
		k, _ := strconv.ParseUint(strconv.FormatUint(uint64(key), 10), 10, 32)
		if uint32(k) != key {
			t.Fatalf("parseShardLine(%q) = key %d", line, key)
		}
		back, _, err := parseShardLine(strconv.FormatUint(uint64(key), 10) + " " + strconv.Itoa(int(score)))
		if err != nil || back != key {
			t.Fatalf("parseShardLine(%q) = %d, %d, which does not write back", line, key, score)
		}
	})
}

// fakeShard writes the shard file of the whole build of the positions of
// plies stones from root, with made-up scores in range (merging does not
// know the truth), its lines ended by ending.
func fakeShard(tb testing.TB, root string, plies int, ending string) []byte {
	tb.Helper()
	ps, err := Positions(mustParse(tb, root), plies)
	if err != nil {
		tb.Fatal(err)
	}
	h := newShardHeader(BuildOptions{Root: root, Plies: plies, Kind: engine.BookWDL, Shard: whole}, len(ps))
	codec := newRecordCodec(h)
	var b strings.Builder
	b.WriteString(h.String() + ending)
	for i, p := range ps {
		b.WriteString(codec.line(board.BookKey(p), board.Score(i%3-1)) + ending)
	}
	return []byte(b.String())
}

// TestMergeShardsReads checks how merging reads a shard file: CRLF line
// ends are read as LF ones, and a file of another kind (binary, endless
// as /dev/zero is, or endless after a shard's lines) is refused at once,
// by a short message naming the file and line.
func TestMergeShardsReads(t *testing.T) {
	lf, crlf := fakeShard(t, smallBookRoot, smallBookPlies, "\n"), fakeShard(t, smallBookRoot, smallBookPlies, "\r\n")
	want, err := mergeShards([]namedReader{{"lf", bytes.NewReader(lf)}}, MergeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	got, err := mergeShards([]namedReader{{"crlf", bytes.NewReader(crlf)}}, MergeOptions{})
	if err != nil || !bytes.Equal(marshal(t, got), marshal(t, want)) {
		t.Errorf("a shard with CRLF line ends: %v, want the book of its LF twin", err)
	}
	header, _, _ := strings.Cut(string(lf), "\n")
	for _, tc := range []struct {
		name string
		r    io.Reader
		want string
	}{
		{"zeros", endless.Reader(0), "s:1: a NUL byte: binary data, not a shard file"},
		{"endless line", endless.Reader('x'), fmt.Sprintf("s:1: a line longer than %d bytes: not a shard file", maxShardLine)},
		{"endless lines", endless.Reader('\n'), `s: not a shard file of this engine (first line "")`},
		{"binary without NUL", bytes.NewReader(bytes.Repeat([]byte{0x81}, maxShardLine)), `s: not a shard file of this engine (first line "\x81\x81`},
		{"a header, then zeros", io.MultiReader(strings.NewReader(header+"\n"), endless.Reader(0)), "s:2: a NUL byte"},
		{"a shard, then zeros", io.MultiReader(bytes.NewReader(lf), endless.Reader(0)), fmt.Sprintf("s:%d: a NUL byte", bytes.Count(lf, []byte("\n"))+1)},
		{"a shard, then lines", io.MultiReader(bytes.NewReader(lf), endless.Reader('\n')), "has more lines than its"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := mergeShards([]namedReader{{"s", tc.r}}, MergeOptions{})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one saying %q", err, tc.want)
			}
			if len(err.Error()) > 200 {
				t.Errorf("the error is %d bytes long: %.200q", len(err.Error()), err)
			}
		})
	}
}

// TestReadShardEndless checks that resuming a build refuses a checkpoint
// of another kind at once, and resumes one with CRLF line ends.
func TestReadShardEndless(t *testing.T) {
	lf := fakeShard(t, smallBookRoot, smallBookPlies, "\n")
	header, _, _ := strings.Cut(string(lf), "\n")
	ps, err := Positions(mustParse(t, smallBookRoot), smallBookPlies)
	if err != nil {
		t.Fatal(err)
	}
	want := newShardHeader(BuildOptions{Root: smallBookRoot, Plies: smallBookPlies, Kind: engine.BookWDL, Shard: whole}, len(ps))
	for _, tc := range []struct {
		name string
		r    io.Reader
		want string
	}{
		{"zeros", endless.Reader(0), "s:1: a NUL byte"},
		{"endless line", endless.Reader('7'), "s:1: a line longer than"},
		{"a header, then zeros", io.MultiReader(strings.NewReader(header+"\n"), endless.Reader(0)), "s:2: a NUL byte"},
		{"another file", strings.NewReader("go test fuzz v1\n"), `s: not a shard file of this engine (first line "go test fuzz v1")`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, _, err := readShardFrom(newShardReader("s", tc.r), want, ps)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one saying %q", err, tc.want)
			}
		})
	}
	crlf := fakeShard(t, smallBookRoot, smallBookPlies, "\r\n")
	got, done, size, err := readShardFrom(newShardReader("s", bytes.NewReader(crlf)), want, ps)
	if first, _, _ := strings.Cut(string(crlf), "\r\n"); got.String() != first {
		t.Errorf("a checkpoint resumes under the header %q, want its own %q", got, first)
	}
	if err != nil || len(done) != len(ps) || size != int64(len(crlf)) {
		t.Errorf("a checkpoint with CRLF line ends: %d of %d entries, %d of %d bytes, %v", len(done), len(ps), size, len(crlf), err)
	}
}

// FuzzMergeShard checks that merging one shard file never panics, and
// that a shard it accepts holds the book's entries, one a line.
func FuzzMergeShard(f *testing.F) {
	lf := fakeShard(f, smallBookRoot, smallBookPlies, "\n")
	f.Add(lf)
	f.Add(fakeShard(f, smallBookRoot, smallBookPlies, "\r\n"))
	f.Add(lf[:len(lf)/2])
	f.Add([]byte("fourgen-book-shard v1 width=7 height=6 plies=1 kind=2 shard=0/1 positions=7 root=\n"))
	f.Add([]byte{0, '\n'})
	f.Fuzz(func(t *testing.T, data []byte) {
		// A header of many plies makes the merge enumerate their positions
		// before it can count them against the header (42 s for 12 plies,
		// the most a book may have): bounded work, but too slow for a fuzzer.
		first, _, _ := bytes.Cut(data, []byte("\n"))
		if h, err := parseShardHeader(strings.TrimSuffix(string(first), "\r")); err == nil && h.opts.Plies > smallBookPlies {
			t.Skip("a build of more plies than the test's book")
		}
		b, err := mergeShards([]namedReader{{"s", bytes.NewReader(data)}}, MergeOptions{Legacy: func(string) {}})
		if err != nil {
			return
		}
		if lines := bytes.Count(data, []byte("\n")); b.Len() != lines && b.Len() != lines-1 {
			t.Fatalf("a book of %d entries from a shard of %d lines", b.Len(), lines)
		}
		for i := range b.Len() {
			key, score := b.KeyScore(i)
			if !bytes.Contains(data, fmt.Appendf(nil, "\n%d %d", key, score)) {
				t.Fatalf("entry %d, key %d score %d, is no line of the shard", i, key, score)
			}
		}
	})
}

// FuzzReadShard checks that reading a checkpoint never panics, and that
// what it accepts are entries of its shard, in the complete lines.
func FuzzReadShard(f *testing.F) {
	lf := fakeShard(f, smallBookRoot, smallBookPlies, "\n")
	header, _, _ := strings.Cut(string(lf), "\n")
	ps, err := Positions(mustParse(f, smallBookRoot), smallBookPlies)
	if err != nil {
		f.Fatal(err)
	}
	build := newShardHeader(BuildOptions{Root: smallBookRoot, Plies: smallBookPlies, Kind: engine.BookWDL, Shard: whole}, len(ps))
	want := make(map[bookKey]bool)
	for _, p := range ps {
		want[board.BookKey(p)] = true
	}
	f.Add(lf)
	f.Add(lf[:len(lf)-3])
	f.Add(fakeShard(f, smallBookRoot, smallBookPlies, "\r\n"))
	f.Add([]byte(header))
	f.Add([]byte{0})
	f.Fuzz(func(t *testing.T, data []byte) {
		_, done, size, err := readShardFrom(newShardReader("s", bytes.NewReader(data)), build, ps)
		if err != nil {
			return
		}
		if size > int64(len(data)) || size > 0 && data[size-1] != '\n' {
			t.Fatalf("size %d of %d bytes is not the end of a line", size, len(data))
		}
		if lines := bytes.Count(data[:size], []byte("\n")); len(done) != max(lines-1, 0) {
			t.Fatalf("%d entries from %d complete lines", len(done), lines)
		}
		for k := range done {
			if !want[k] {
				t.Fatalf("key %d is not of the shard", k)
			}
		}
	})
}
