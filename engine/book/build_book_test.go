package book

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/movetest"
)

// zeroBook is a book of every position of plies stones from root, all
// scored 0: wrong for most, so that a build that consults it shows it.
func zeroBook(t *testing.T, root string, plies int) *engine.Book {
	t.Helper()
	r, err := board.Parse(movetest.Fixture(root))
	if err != nil {
		t.Fatal(err)
	}
	ps, err := Positions(r, plies)
	if err != nil {
		t.Fatal(err)
	}
	entries := make(map[bookKey]board.Score, len(ps))
	for _, p := range ps {
		entries[board.BookKey(p)] = 0
	}
	b, err := fromEntries(plies, engine.BookExact, entries)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestBuildConsultsDeeperBook builds the same shard with books of several
// stone counts. Only a book of more stones than the build's is consulted:
// a wrong one changes the results; one of the build's own stone count (the
// book being built) or of fewer stones leaves them alone.
func TestBuildConsultsDeeperBook(t *testing.T) {
	root := testRoot(t)
	opts := BuildOptions{Root: root, Plies: 11, Kind: engine.BookExact, Shard: whole}
	want := buildShard(t, opts)
	for _, tc := range []struct {
		bookPlies int
		used      bool
	}{
		{12, true},
		{11, false},
		{10, false},
	} {
		o := opts
		o.TableMiB, o.Book = buildTableMiB, zeroBook(t, root, tc.bookPlies)
		path := filepath.Join(t.TempDir(), "shard")
		if err := BuildShard(context.Background(), path, o); err != nil {
			t.Fatalf("book of %d plies: %v", tc.bookPlies, err)
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if used := string(legacyShard(t, got)) != string(legacyShard(t, want)); used != tc.used {
			t.Errorf("a build of %d plies with a wrong book of %d: consulted %v, want %v", opts.Plies, tc.bookPlies, used, tc.used)
		}
	}
}
