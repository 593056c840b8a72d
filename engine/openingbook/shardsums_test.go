package openingbook

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// shardSums is the checksum file of the shards the embedded book was merged
// from, in sha256sum's format. It is in this module; the shards are not
// (shards/ is a module of its own: see shards/go.mod).
const shardSums = "book11-shards.sha256"

// shardPaths returns the shard files of the book's build, sorted, or skips
// tb (as for missing reference data: it fails under
// FOURGEN_REQUIRE_TESTDATA, which CI sets) where they are absent, as in the
// module's download, which leaves them out.
func shardPaths(tb testing.TB) []string {
	tb.Helper()
	paths, err := filepath.Glob("shards/book-" + strconv.Itoa(Plies) + "-*.shard")
	if err == nil && len(paths) == 0 {
		err = fmt.Errorf("no shard files of the %d-ply build in shards/: they are a module of their own (engine/openingbook/shards), in a clone of the repository but not in fourgen's module download", Plies)
	}
	if err != nil {
		refSkips.Skip(tb, err)
	}
	slices.Sort(paths)
	return paths
}

// readShardSums reads shardSums: the file names it lists, each with its
// SHA-256 in hex.
func readShardSums(t *testing.T) map[string]string {
	t.Helper()
	f, err := os.Open(shardSums)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sums := map[string]string{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		sum, name, ok := strings.Cut(sc.Text(), "  ")
		if !ok || len(sum) != 2*sha256.Size || strings.ContainsAny(name, `/\`) {
			t.Fatalf("%s:%d: %q is not a line of sha256sum (HEX, two spaces, a file name)", shardSums, n, sc.Text())
		}
		if _, dup := sums[name]; dup {
			t.Fatalf("%s:%d: %s listed twice", shardSums, n, name)
		}
		sums[name] = sum
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return sums
}

// TestShardChecksums checks that the shard files are those the checksum
// file names, no more and no fewer, each with its SHA-256: make book runs
// it before merging, so that the embedded book is only ever made from the
// shards it was made from.
func TestShardChecksums(t *testing.T) {
	sums := readShardSums(t)
	paths := shardPaths(t)
	for _, path := range paths {
		name := filepath.Base(path)
		want, ok := sums[name]
		if !ok {
			t.Errorf("%s is not in %s: a shard of another build? (sha256sum it into the file only if the book is merged from it)", path, shardSums)
			continue
		}
		delete(sums, name)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if got := sha256.Sum256(data); hex.EncodeToString(got[:]) != want {
			t.Errorf("%s: SHA-256 %x, want %s (%s): the shard changed since the book was merged", path, got, want, shardSums)
		}
	}
	for name := range sums {
		t.Errorf("%s names shards/%s, which is missing", shardSums, name)
	}
}
