package book

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/movetest"
	"github.com/fourgen/fourgen/internal/shard"
	"github.com/fourgen/fourgen/internal/solvertest"
)

// referenceCounts counts, by a plain depth-first walk over every game of
// plies moves that makes no four, the distinct positions at its end with
// no four, those where the side to move cannot win at once, and those
// where also the opponent has no playable threat, each also up to
// mirroring (by CanonicalKey, independent of book keys).
type referenceCounts struct {
	noFour, quiet, calm          int
	noFourSym, quietSym, calmSym int
}

func countReference(plies int) (referenceCounts, map[board.Bits]bool) {
	seen := make(map[board.Position]bool)
	var ends []board.Position
	var walk func(p board.Position)
	walk = func(p board.Position) {
		if seen[p] {
			return // a transposition: its games are walked already
		}
		seen[p] = true
		if p.Moves() == plies {
			ends = append(ends, p)
			return
		}
		for col := range board.Width {
			if p.CanPlay(col) {
				q := p
				q.Play(col)
				if !q.IsWon() {
					walk(q)
				}
			}
		}
	}
	walk(board.Position{})
	var c referenceCounts
	noFour, quiet, calm := make(map[board.Bits]bool), make(map[board.Bits]bool), make(map[board.Bits]bool)
	for _, p := range ends {
		ck := p.CanonicalKey()
		c.noFour++
		noFour[ck] = true
		if p.CanWinNow() {
			continue
		}
		c.quiet++
		quiet[ck] = true
		if p.OpponentWinningCells().And(p.Legal()).IsZero() {
			c.calm++
			calm[ck] = true
		}
	}
	c.noFourSym, c.quietSym, c.calmSym = len(noFour), len(quiet), len(calm)
	return c, quiet
}

// TestPositionsCounts checks Positions from the empty board
// against a plain walk over every game, and at 8 stones against the
// counting anchors of the reference data's README, and that its lists are
// what it promises: sorted by book key, one per mirror pair, of positions
// with plies stones, no four and no win at once.
func TestPositionsCounts(t *testing.T) {
	skipOtherSize(t) // the README's counts are of the 7×6 board
	for plies := 0; plies <= 8; plies++ {
		ps, err := Positions(board.Position{}, plies)
		if err != nil {
			t.Fatal(err)
		}
		ref, quiet := countReference(plies)
		if len(ps) != ref.quietSym {
			t.Errorf("plies %d: %d positions, the reference walk finds %d", plies, len(ps), ref.quietSym)
		}
		for i, p := range ps {
			switch {
			case p.Moves() != plies || p.IsWon() || p.CanWinNow():
				t.Fatalf("plies %d: position %d has %d stones, won %v, can win now %v:\n%v", plies, i, p.Moves(), p.IsWon(), p.CanWinNow(), p)
			case i > 0 && board.BookKey(p) <= board.BookKey(ps[i-1]):
				t.Fatalf("plies %d: positions %d and %d are not in increasing book-key order (%d, %d)", plies, i-1, i, board.BookKey(ps[i-1]), board.BookKey(p))
			case !quiet[p.CanonicalKey()]:
				t.Fatalf("plies %d: position %d is not one the reference walk reaches:\n%v", plies, i, p)
			}
		}
		if plies == 8 {
			// The README's anchors for 8 stones.
			want := referenceCounts{noFour: 182383, noFourSym: 91295, quiet: 155241, quietSym: 77715, calm: 134934, calmSym: 67557}
			if ref != want {
				t.Errorf("the reference walk counts %+v, the README %+v", ref, want)
			}
			if len(ps) != 77715 {
				t.Errorf("Positions lists %d positions of 8 stones, the README 77,715", len(ps))
			}
		}
	}
}

// TestPositionsErrors checks the refused arguments.
func TestPositionsErrors(t *testing.T) {
	skipOtherSize(t) // the bounds are the 7×6 board's
	root, _ := board.Parse(movetest.Fixture("4453"))
	won, _ := board.Parse(movetest.Fixture("1212121"))
	for _, tc := range []struct {
		root  board.Position
		plies int
		want  string
	}{
		{root, 3, "book of 3 plies from a position of 4 stones: want 4 to 12 plies"},
		{root, 13, "want 4 to 12 plies"},
		{won, 8, engine.ErrGameOver.Error()},
	} {
		if _, err := Positions(tc.root, tc.plies); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Positions(%d stones, %d) = %v, want %q", tc.root.Moves(), tc.plies, err, tc.want)
		}
	}
}

// testRoot is a 10-stone position from the reference data, the root of
// the small books the build tests make.
func testRoot(tb testing.TB) string {
	tb.Helper()
	return refMoves(tb, "positions/n10.txt", 1)[0]
}

const buildTableMiB = 16

// builtShards caches the bytes of complete shard files by their options,
// so that tests comparing against an uninterrupted build share it.
var builtShards sync.Map // shard header -> []byte

// buildShard runs an uninterrupted BuildShard and returns the file.
func buildShard(tb testing.TB, opts BuildOptions) []byte {
	tb.Helper()
	opts.Progress, opts.TableMiB = nil, buildTableMiB
	id := shardHeader{opts: opts, width: board.Width, height: board.Height}.String() // the settings, without a run id
	if data, ok := builtShards.Load(id); ok {
		return data.([]byte)
	}
	path := filepath.Join(tb.TempDir(), "shard")
	if err := BuildShard(context.Background(), path, opts); err != nil {
		tb.Fatalf("BuildShard(%+v): %v", opts, err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	builtShards.Store(id, data)
	return data
}

// mergeFiles writes shard files and merges them.
func mergeFiles(tb testing.TB, shards ...[]byte) (*engine.Book, error) {
	tb.Helper()
	dir := tb.TempDir()
	var paths []string
	for i, data := range shards {
		path := filepath.Join(dir, "shard"+string(rune('a'+i)))
		if err := os.WriteFile(path, data, 0o644); err != nil {
			tb.Fatal(err)
		}
		paths = append(paths, path)
	}
	return MergeShards(paths, MergeOptions{})
}

// TestBuildMatchesSolver checks that the scores a root-restricted build
// writes, exact or outcome only, are the solver's.
func TestBuildMatchesSolver(t *testing.T) {
	root := testRoot(t)
	plies := []int{11}
	if !testing.Short() {
		plies = append(plies, 12)
	}
	for _, n := range plies {
		for _, kind := range []engine.BookKind{engine.BookExact, engine.BookWDL} {
			if n > 11 && kind == engine.BookWDL {
				continue // the exact build checks the deeper book; save the time
			}
			b, err := mergeFiles(t, buildShard(t, BuildOptions{Root: root, Plies: n, Kind: kind, Shard: whole}))
			if err != nil {
				t.Fatal(err)
			}
			r, _ := board.Parse(movetest.Fixture(root))
			ps, _ := Positions(r, n)
			if b.Len() != len(ps) || b.Plies() != n || b.Kind() != kind {
				t.Fatalf("%s to %d plies: book of %d positions of %d stones, kind %d; want %d, %d, %d", root, n, b.Len(), b.Plies(), b.Kind(), len(ps), n, kind)
			}
			s := solvertest.New(t, buildTableMiB)
			for _, p := range ps {
				var want board.Score
				if kind == engine.BookExact {
					want, err = s.Solve(context.Background(), p)
				} else {
					want, err = s.SolveWeak(context.Background(), p)
				}
				if err != nil {
					t.Fatal(err)
				}
				if got, ok := b.Lookup(p); !ok || got != want {
					t.Errorf("%s to %d plies, kind %d: key %d: book %v, %v; solver %v", root, n, kind, board.BookKey(p), got, ok, want)
				}
			}
		}
	}
}

// buildCancelledAfter runs BuildShard on path and cancels it once k
// positions are done in this run, returning the error.
func buildCancelledAfter(t *testing.T, path string, opts BuildOptions, k int) error {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	n := 0
	opts.TableMiB = buildTableMiB
	opts.Progress = func(done, total int) {
		if n++; n == k {
			cancel()
		}
	}
	return BuildShard(ctx, path, opts)
}

// TestBuildResume checks that a build cancelled, resumed, cancelled and
// resumed again, with torn last lines, writes the records of an
// uninterrupted one, under the run id of its first run, keeping every
// line it wrote before.
func TestBuildResume(t *testing.T) {
	opts := BuildOptions{Root: testRoot(t), Plies: 11, Kind: engine.BookExact, Shard: whole}
	want := buildShard(t, opts)
	wantLines := lines(legacyShard(t, want)) // the records, without the run's checksums
	total := len(wantLines) - 1
	path := filepath.Join(t.TempDir(), "shard")
	// check fails unless the file holds the first n records of want, and
	// begins with before.
	check := func(run string, before []byte, n int) []byte {
		t.Helper()
		data, _ := os.ReadFile(path)
		if !bytes.HasPrefix(data, before) || !slices.Equal(lines(legacyShard(t, data)), wantLines[:n+1]) {
			t.Fatalf("after the %s run the file is\n%s\nwant it to begin with\n%s\nand hold the first %d records of\n%s", run, data, before, n, want)
		}
		return data
	}

	// A header cut short is rewritten.
	if err := os.WriteFile(path, want[:20], 0o644); err != nil {
		t.Fatal(err)
	}
	if err := buildCancelledAfter(t, path, opts, 2); !errors.Is(err, context.Canceled) {
		t.Fatalf("first run: %v, want context.Canceled", err)
	}
	data := check("first", nil, 2)

	// A torn last line is dropped.
	appendFile(t, path, "12345")
	if err := buildCancelledAfter(t, path, opts, 2); !errors.Is(err, context.Canceled) {
		t.Fatalf("second run: %v, want context.Canceled", err)
	}
	data = check("second", data, 4)

	// So is a last line complete but for its newline (and, torn, never
	// checked: it is another run's).
	appendFile(t, path, lines(want)[5])
	var progress []int
	opts2 := opts
	opts2.TableMiB = buildTableMiB
	opts2.Progress = func(done, total int) { progress = append(progress, done) }
	if err := BuildShard(context.Background(), path, opts2); err != nil {
		t.Fatalf("last run: %v", err)
	}
	data = check("last", data, total)
	var wantProgress []int
	for done := 5; done <= total; done++ {
		wantProgress = append(wantProgress, done)
	}
	if !slices.Equal(progress, wantProgress) {
		t.Errorf("the last run reported progress %v, want it to count on from 4 to %d", progress, total)
	}

	// Running a complete shard again changes nothing.
	if err := BuildShard(context.Background(), path, opts2); err != nil {
		t.Fatal(err)
	}
	if again, _ := os.ReadFile(path); !bytes.Equal(again, data) {
		t.Fatalf("running a complete build again changed it to\n%s", again)
	}
	if _, err := mergeFiles(t, data); err != nil {
		t.Errorf("the resumed shard does not merge: %v", err)
	}
}

// appendFile appends text to the file at path, as a crash mid-write
// leaves a line without its newline.
func appendFile(t *testing.T, path, text string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(text); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestBuildShardRefuses checks that BuildShard refuses bad options and a
// checkpoint file that is not its own, before solving anything.
func TestBuildShardRefuses(t *testing.T) {
	root := testRoot(t)
	opts := BuildOptions{Root: root, Plies: 11, Kind: engine.BookExact, Shard: whole, TableMiB: buildTableMiB}
	r, _ := board.Parse(movetest.Fixture(root))
	ps, _ := Positions(r, 11)
	h := newShardHeader(opts, len(ps))
	header, codec := h.String(), newRecordCodec(h)
	key := func(i int) string { return formatKey(board.BookKey(ps[i])) }
	record := func(key bookKey, score board.Score) string { return codec.line(key, score) }
	first := record(board.BookKey(ps[0]), 3)
	legacy, otherRun := h, h
	legacy.run, otherRun.run = "", strings.Repeat("0", runIDLen)
	if otherRun.run == h.run {
		otherRun.run = strings.Repeat("1", runIDLen)
	}
	for _, tc := range []struct {
		name string
		opts func(o *BuildOptions)
		file string // the checkpoint's content, if any
		want string
	}{
		{"shard out of range", func(o *BuildOptions) { o.Shard = shard.Part{Index: 3, Of: 2} }, "", "shard 3/2: want 0 ≤ i < n ≤ "},
		{"no shards", func(o *BuildOptions) { o.Shard = shard.Part{} }, "", "shard 0/0"},
		{"kind", func(o *BuildOptions) { o.Kind = 7 }, "", "unknown book kind 7"},
		{"root", func(o *BuildOptions) { o.Root = "48" }, "", `root "48": move 2 ('8')`},
		{"plies", func(o *BuildOptions) { o.Plies = 9 }, "", "book of 9 plies from a position of 10 stones"},
		{"another build", func(o *BuildOptions) {}, strings.Replace(header, "plies=11", "plies=12", 1) + "\n", "made by another build"},
		{"another shard", func(o *BuildOptions) {}, strings.Replace(header, "shard=0/1", "shard=0/2", 1) + "\n", "made by another build"},
		{"malformed line", func(o *BuildOptions) {}, header + "\n" + key(0) + " x\n", `:2: malformed line "` + key(0) + ` x"`},
		{"no checksum", func(o *BuildOptions) {}, header + "\n" + key(0) + " 3\n", `:2: malformed line "` + key(0) + ` 3": want KEY SCORE CHECKSUM`},
		{"edited score", func(o *BuildOptions) {}, header + "\n" + strings.Replace(first, " 3 ", " 7 ", 1) + "\n",
			`:2: record "` + key(0) + ` 7" fails its checksum`},
		{"edited run id", func(o *BuildOptions) {}, otherRun.String() + "\n" + first + "\n",
			`:2: record "` + key(0) + ` 3" fails its checksum`},
		{"foreign key", func(o *BuildOptions) {}, header + "\n" + record(351484, 0) + "\n", ":2: key 351484 does not belong to this shard"},
		{"key twice", func(o *BuildOptions) {}, header + "\n" + record(board.BookKey(ps[1]), 0) + "\n" + record(board.BookKey(ps[1]), 0) + "\n",
			":3: key " + key(1) + " is listed twice"},
		{"legacy", func(o *BuildOptions) {}, legacy.String() + "\n" + key(0) + " 3\n", "a legacy v1 shard file, whose records carry no checksums: this c4 resumes only v2 shards"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := opts
			tc.opts(&o)
			path := filepath.Join(t.TempDir(), "shard")
			if tc.file != "" {
				if err := os.WriteFile(path, []byte(tc.file), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			err := BuildShard(context.Background(), path, o)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("BuildShard = %v, want an error saying %q", err, tc.want)
			}
			if data, _ := os.ReadFile(path); string(data) != tc.file {
				t.Errorf("the refused checkpoint changed to %q", data)
			}
		})
	}
}

// TestShardsMerge checks that a book built in three shards merges, in any
// order, to the same bytes as one built in one.
func TestShardsMerge(t *testing.T) {
	opts := BuildOptions{Root: testRoot(t), Plies: 11, Kind: engine.BookExact, Shard: whole}
	whole, err := mergeFiles(t, buildShard(t, opts))
	if err != nil {
		t.Fatal(err)
	}
	want, _ := Marshal(whole)
	shards := threeShards(t, opts)
	for _, order := range [][]int{{0, 1, 2}, {2, 0, 1}} {
		b, err := mergeFiles(t, shards[order[0]], shards[order[1]], shards[order[2]])
		if err != nil {
			t.Fatalf("merging shards in order %v: %v", order, err)
		}
		if got, _ := Marshal(b); !bytes.Equal(got, want) {
			t.Errorf("the shards merged in order %v give another book than the one-shard build", order)
		}
	}

	// A straggling shard 2/3 split again as 4/6 and 5/6 tiles the same
	// positions.
	split := opts
	split.Shard = shard.Part{Index: 4, Of: 6}
	s4 := buildShard(t, split)
	split.Shard.Index = 5
	s5 := buildShard(t, split)
	b, err := mergeFiles(t, s5, shards[0], s4, shards[1])
	if err != nil {
		t.Fatalf("merging 0/3, 1/3, 4/6 and 5/6: %v", err)
	}
	if got, _ := Marshal(b); !bytes.Equal(got, want) {
		t.Errorf("0/3, 1/3, 4/6 and 5/6 give another book than the one-shard build")
	}
}

// threeShards builds the shards 0/3, 1/3 and 2/3 of a book.
func threeShards(t *testing.T, opts BuildOptions) [3][]byte {
	t.Helper()
	var shards [3][]byte
	for i := range shards {
		opts.Shard = shard.Part{Index: i, Of: 3}
		shards[i] = buildShard(t, opts)
	}
	return shards
}

// lines splits a shard file into its lines, without the last newline.
func lines(data []byte) []string {
	return strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
}

func unlines(ls ...string) []byte { return []byte(strings.Join(ls, "\n") + "\n") }

// TestMergeShardsRefuses checks that MergeShards refuses missing,
// repeated, incomplete, overlapping, edited and foreign shards, naming
// the file and the problem.
func TestMergeShardsRefuses(t *testing.T) {
	opts := BuildOptions{Root: testRoot(t), Plies: 11, Kind: engine.BookExact, Shard: whole}
	s := threeShards(t, opts)
	s0, s1 := lines(s[0]), lines(s[1])
	if len(s1) < 3 {
		t.Fatalf("shard 1/3 has %d positions, the test wants at least 2", len(s1)-1)
	}
	otherRoot := strings.Replace(s1[0], "root="+opts.Root, "root=4453", 1)
	firstKey := strings.Fields(s1[1])[0]
	h1, err := parseShardHeader(s1[0])
	if err != nil {
		t.Fatal(err)
	}
	// sealed is a record of shard 1/3 with a valid checksum.
	sealed := func(key string, score board.Score) string {
		k, _ := parseKey(key)
		return newRecordCodec(h1).line(k, score)
	}
	// shard1 is the file of shard 1/3 with its first record replaced.
	shard1 := func(first string) []byte { return unlines(append([]string{s1[0], first}, s1[2:]...)...) }
	editedScore := strings.Fields(s1[1])
	editedScore[1] = strconv.Itoa(1 - len(editedScore[1])) // another score, in range: 0 for one digit, -1 for two
	for _, tc := range []struct {
		name   string
		shards [][]byte
		want   string
	}{
		{"missing", [][]byte{s[0], s[2]}, "no shard holds positions "},
		{"missing last", [][]byte{s[0], s[1]}, ": a shard is missing"},
		{"repeated", [][]byte{s[0], s[1], s[1], s[2]}, "shard 1/3 given twice: "},
		{"incomplete", [][]byte{s[0], unlines(s1[:len(s1)-1]...), s[2]}, "shardb: shard 1/3 is incomplete: " +
			strconv.Itoa(len(s1)-2) + " of " + strconv.Itoa(len(s1)-1) + " positions"},
		{"header only", [][]byte{s[0], unlines(s1[0]), s[2]}, "shard 1/3 is incomplete: 0 of"},
		{"extra line", [][]byte{s[0], append(slices.Clone(s[1]), "12345"...), s[2]}, "shardb:" + strconv.Itoa(len(s1)+1) +
			": shard 1/3 has more lines than its " + strconv.Itoa(len(s1)-1) + " positions"},
		{"edited score", [][]byte{s[0], shard1(strings.Join(editedScore, " ")), s[2]},
			`shardb:2: record "` + firstKey + " " + editedScore[1] + `" fails its checksum: the line, or the file's first line, was edited or corrupted`},
		{"checksum removed", [][]byte{s[0], shard1(firstKey + " 0"), s[2]}, `shardb:2: malformed line "` + firstKey + ` 0": want KEY SCORE CHECKSUM`},
		{"line of another shard", [][]byte{s[0], shard1(s0[1]), s[2]}, `shardb:2: record "` + strings.Join(strings.Fields(s0[1])[:2], " ") + `" fails its checksum`},
		{"edited run id", [][]byte{s[0], unlines(append([]string{strings.Replace(s1[0], "run="+h1.run, "run="+strings.Repeat("a", runIDLen), 1)}, s1[1:]...)...), s[2]},
			"shardb:2: record "},
		{"overlapping", [][]byte{s[0], shard1(sealed(strings.Fields(s0[1])[0], 0)), s[2]},
			"shardb:2: key " + strings.Fields(s0[1])[0] + " belongs to another shard than 1/3"},
		{"foreign key", [][]byte{s[0], shard1(sealed("351484", 0)), s[2]}, "shardb:2: key 351484 is no position of this build"},
		{"listed twice", [][]byte{s[0], shard1(s1[2]), s[2]}, "shardb:3: key " + strings.Fields(s1[2])[0] + " is listed twice"},
		{"malformed line", [][]byte{s[0], shard1(firstKey + " +x"), s[2]}, `shardb:2: malformed line "` + firstKey + ` +x"`},
		{"score out of range", [][]byte{s[0], shard1(sealed(firstKey, 261)), s[2]}, "shardb:2: score 261 is outside -"},
		{"another root", [][]byte{s[0], unlines(append([]string{otherRoot}, s1[1:]...)...), s[2]},
			"shardb: shard of another build (fourgen-book-shard v2"},
		{"legacy", [][]byte{s[0], legacyShard(t, s[1]), s[2]}, "shardb: a legacy v1 shard file, whose records carry no checksums: its scores cannot be checked for edits"},
		{"overlapping split", [][]byte{s[0], s[1], s[2], buildShard(t, BuildOptions{Root: opts.Root, Plies: 11, Kind: engine.BookExact, Shard: shard.Part{Index: 1, Of: 2}})},
			") overlap: positions "},
		{"gap in a split", [][]byte{s[0], buildShard(t, BuildOptions{Root: opts.Root, Plies: 11, Kind: engine.BookExact, Shard: shard.Part{Index: 1, Of: 2}})},
			"a shard is missing"},
		{"another kind", [][]byte{s[0], s[1], buildShard(t, BuildOptions{Root: opts.Root, Plies: 11, Kind: engine.BookWDL, Shard: shard.Part{Index: 2, Of: 3}})},
			"shardc: shard of another build"},
		{"edited header", [][]byte{unlines(append([]string{strings.Replace(s0[0], " v2 ", " v3 ", 1)}, s0[1:]...)...)},
			"sharda: not a shard file of this engine"},
		{"not a shard", [][]byte{[]byte("hello\n")}, `sharda: not a shard file of this engine (first line "hello")`},
		{"empty file", [][]byte{nil}, "sharda: not a shard file of this engine"},
		{"none", nil, "no shard files given"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := mergeFiles(t, tc.shards...)
			if err == nil {
				t.Fatalf("MergeShards accepted them: %d positions", b.Len())
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q does not say %q", err, tc.want)
			}
		})
	}
	if _, err := MergeShards([]string{filepath.Join(t.TempDir(), "absent")}, MergeOptions{}); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("merging a file that does not exist: %v, want os.ErrNotExist", err)
	}
}

// legacyShard rewrites a shard file in the legacy v1 format: the header
// without its run id, the records without their checksums.
func legacyShard(t *testing.T, data []byte) []byte {
	t.Helper()
	ls := lines(data)
	h, err := parseShardHeader(ls[0])
	if err != nil {
		t.Fatal(err)
	}
	h.run = ""
	out := []string{h.String()}
	for _, l := range ls[1:] {
		out = append(out, strings.Join(strings.Fields(l)[:2], " "))
	}
	return unlines(out...)
}

// TestMergeLegacyShards checks that legacy v1 shards, refused by default,
// merge with MergeOptions.Legacy, alone or beside v2 shards, to the book
// of their v2 twins, and that each is reported.
func TestMergeLegacyShards(t *testing.T) {
	opts := BuildOptions{Root: testRoot(t), Plies: 11, Kind: engine.BookExact, Shard: whole}
	s := threeShards(t, opts)
	want, err := mergeFiles(t, s[0], s[1], s[2])
	if err != nil {
		t.Fatal(err)
	}
	l0, l2 := legacyShard(t, s[0]), legacyShard(t, s[2])
	for _, tc := range []struct {
		name   string
		shards [][]byte
		legacy []string
	}{
		{"all legacy", [][]byte{l0, legacyShard(t, s[1]), l2}, []string{"a", "b", "c"}},
		{"mixed", [][]byte{l0, s[1], l2}, []string{"a", "c"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := make([]namedReader, len(tc.shards))
			for i, data := range tc.shards {
				files[i] = namedReader{string(rune('a' + i)), bytes.NewReader(data)}
			}
			var legacy []string
			b, err := mergeShards(files, MergeOptions{Legacy: func(name string) { legacy = append(legacy, name) }})
			if err != nil || !bytes.Equal(marshal(t, b), marshal(t, want)) {
				t.Fatalf("merging legacy shards: %v, want the book of their v2 twins", err)
			}
			if !slices.Equal(legacy, tc.legacy) {
				t.Errorf("reported legacy shards %q, want %q", legacy, tc.legacy)
			}
		})
	}
}
