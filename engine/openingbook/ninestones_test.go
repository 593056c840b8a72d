package openingbook

import (
	"bufio"
	"context"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine"
)

// nineShards is where the shards of the 9-ply build, under way and not yet
// embedded, are committed as they grow (see internal/openingbook/README.md).
const nineShards = "../../internal/openingbook/shards/book-9-*.shard"

// nineFresh is how many entries of those shards TestNineStoneShards solves
// again.
var nineFresh = flag.Int("nine-fresh", 4, "entries of the 9-ply shards to solve afresh in TestNineStoneShards")

// TestNineStoneShards checks the committed shards of the 9-ply build,
// complete or not: each line is a book key of a position of 9 stones whose
// side to move cannot win at once, in its canonical orientation, with a
// score in range; the scores of the 9-stone positions of Pons's beginning
// sets that the shards hold match Pons's; and a few random entries solved
// afresh (with the 8-ply book) match.
func TestNineStoneShards(t *testing.T) {
	skipOtherSize(t)
	paths, err := filepath.Glob(nineShards)
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) == 0 {
		t.Skip("no shards of the 9-ply build committed")
	}
	scores := map[uint32]engine.Score{}
	for _, path := range paths {
		readNineShard(t, path, scores)
	}
	lo, hi := engine.BookExact.ScoreRange(Plies + 1)
	var keys []uint32
	for key, v := range scores {
		p, err := engine.ParseStoneString(uint64(key), Plies+1)
		switch {
		case err != nil:
			t.Fatalf("key %d: %v", key, err)
		case engine.BookKey(p) != key:
			t.Fatalf("key %d is not its position's book key %d", key, engine.BookKey(p))
		case p.CanWinNow():
			t.Fatalf("key %d: the side to move can win at once", key)
		case int(v) < lo || int(v) > hi:
			t.Fatalf("key %d scores %v, outside %d..%d", key, v, lo, hi)
		}
		keys = append(keys, key)
	}
	checked := 0
	for _, name := range []string{"Test_L1_R1", "Test_L1_R2", "Test_L1_R3"} {
		for _, c := range ponsLines(t, name) {
			if len(c.moves) != Plies+1 {
				continue
			}
			p, err := engine.Parse(c.moves)
			if err != nil {
				t.Fatalf("%s: %v", c.moves, err)
			}
			if v, ok := scores[engine.BookKey(p)]; ok {
				checked++
				if int(v) != c.score {
					t.Errorf("%s %s: the shards say %v, Pons %d", name, c.moves, v, c.score)
				}
			}
		}
	}
	s := engine.NewSolver(64)
	s.SetBook(embedded(t))
	r := rand.New(rand.NewPCG(uint64(len(keys)), 31))
	slices.Sort(keys)
	for range min(*nineFresh, len(keys)) {
		key := keys[r.IntN(len(keys))]
		p, _ := engine.ParseStoneString(uint64(key), Plies+1)
		got, err := s.Solve(context.Background(), p)
		if err != nil || got != scores[key] {
			t.Errorf("key %d (%v): the shards say %v, a fresh solve %v (%v)", key, p, scores[key], got, err)
		}
	}
	t.Logf("%d positions in %d shards; %d of Pons's positions among them", len(scores), len(paths), checked)
}

// readNineShard adds the "KEY SCORE" lines of a shard file of the 9-ply
// build to scores, failing the test on a malformed or repeated line.
func readNineShard(t *testing.T, path string, scores map[uint32]engine.Score) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	if !sc.Scan() || !strings.HasPrefix(sc.Text(), "fourgen-book-shard v1 ") || !strings.Contains(sc.Text(), " plies=9 ") {
		t.Fatalf("%s: not a shard of the 9-ply build (first line %q)", path, sc.Text())
	}
	for line := 2; sc.Scan(); line++ {
		k, v, ok := strings.Cut(sc.Text(), " ")
		key, err1 := strconv.ParseUint(k, 10, 32)
		score, err2 := strconv.Atoi(v)
		if !ok || err1 != nil || err2 != nil {
			t.Fatalf("%s:%d: malformed line %q", path, line, sc.Text())
		}
		if _, dup := scores[uint32(key)]; dup {
			t.Fatalf("%s:%d: key %d repeated", path, line, key)
		}
		scores[uint32(key)] = engine.Score(score)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
}
