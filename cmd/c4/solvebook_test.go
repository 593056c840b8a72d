package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/engine/book"
	"github.com/fourgen/fourgen/internal/shard"
)

// TestSolveWithBook builds a small book of one opening line and checks that
// solve and analyze give the same answers with it as without it, for the
// book's positions and for their parents (which reach the book in search).
func TestSolveWithBook(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a book: skipped with -short")
	}
	root, _ := splitLine(refLines(t, "positions/n10.txt", 1)[0])
	dir := t.TempDir()
	shardFile, bookFile := filepath.Join(dir, "b.shard"), filepath.Join(dir, "b.fgb")
	opts := book.BuildOptions{Root: root, Plies: 11, Kind: engine.BookExact, Shard: shard.Part{Index: 0, Of: 1}, TableMiB: 16}
	if err := book.BuildShard(context.Background(), shardFile, opts); err != nil {
		t.Fatal(err)
	}
	b, err := book.MergeShards([]string{shardFile}, book.MergeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	data, err := book.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bookFile, data, 0o644); err != nil {
		t.Fatal(err)
	}
	positions, err := book.Positions(mustParsePosition(t, root), 11)
	if err != nil || len(positions) == 0 {
		t.Fatalf("BookPositions: %d positions, %v", len(positions), err)
	}

	// Move strings: the root (whose children are in the book) and every
	// column after it that leaves a book position.
	inputs := []string{root}
	for col := 1; col <= board.Width; col++ {
		p := mustParsePosition(t, root)
		if p.CanPlay(col-1) && !p.IsWinningMove(col-1) {
			inputs = append(inputs, root+string(rune('0'+col)))
		}
	}
	for _, cmd := range []func(context.Context, []string, io.Reader, io.Writer, io.Writer) error{runSolve, runAnalyze} {
		var with, without bytes.Buffer
		if err := cmd(context.Background(), append([]string{"--book", bookFile}, inputs...), strings.NewReader(""), &with, io.Discard); err != nil {
			t.Fatal(err)
		}
		if err := cmd(context.Background(), append([]string{"--no-book"}, inputs...), strings.NewReader(""), &without, io.Discard); err != nil {
			t.Fatal(err)
		}
		if with.String() != without.String() {
			t.Errorf("with the book:\n%s\nwithout:\n%s", with.String(), without.String())
		}
	}
}

func mustParsePosition(t *testing.T, moves string) board.Position {
	t.Helper()
	p, err := board.Parse(moves)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
