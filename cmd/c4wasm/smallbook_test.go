package main

import (
	"context"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/openingbook"
)

// TestSmallBook checks the entries of the small book built into
// fourgen.wasm against the engine's search (with the 11-ply book): every
// entry, or every 25th with -short.
func TestSmallBook(t *testing.T) {
	if !openingbook.Applies() {
		t.Skip("SKIP: the small book is of the classic board, as the 11-ply one")
	}
	b, err := smallBook()
	if err != nil {
		t.Fatal(err)
	}
	if b.Len() < 1000 {
		t.Fatalf("the small book has %d entries", b.Len())
	}
	deep, err := openingbook.Book()
	if err != nil {
		t.Skipf("SKIP: no 11-ply book: %v", err)
	}
	s, err := engine.NewSolver(16)
	if err != nil {
		t.Fatal(err)
	}
	s.SetBook(deep)
	step := 1
	if testing.Short() {
		step = 25
	}
	for i := 0; i < b.Len(); i += step {
		p, want, err := b.Entry(i)
		if err != nil {
			t.Fatal(err)
		}
		got, err := s.Solve(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Fatalf("entry %d (%v): the small book says %d, the engine %d", i, p, want, got)
		}
	}
}

// TestLoadBook checks op loadBook: the deep book replaces the small one
// and answers at once; a corrupt book, a book of another format version
// and one too large are refused, and the worker keeps the book it had.
func TestLoadBook(t *testing.T) {
	if !openingbook.Applies() {
		t.Skip("SKIP: the 11-ply book is of the classic board")
	}
	small, err := smallBook()
	if err != nil {
		t.Fatal(err)
	}
	w, err := newWorker(1, small)
	if err != nil {
		t.Fatal(err)
	}
	data := openingbook.Bytes()
	got, err := w.loadBook(data)
	if err != nil || got.Plies != openingbook.Plies || got.Positions < 1000 {
		t.Fatalf("loadBook of the 11-ply book: %+v, %v", got, err)
	}
	if w.book.Plies() != openingbook.Plies {
		t.Fatalf("the worker's book has %d plies after loadBook", w.book.Plies())
	}
	corrupt := append([]byte(nil), data...)
	corrupt[len(corrupt)-1] ^= 1
	other := append([]byte(nil), data...)
	other[6]++ // the format version
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"corrupt", corrupt, "checksum"},
		{"other version", other, "format version"},
		{"truncated", data[:len(data)/2], "truncated"},
		{"empty", nil, "truncated"},
		{"not a book", []byte("<!doctype html>"), "not a fourgen book"},
		{"too large", make([]byte, maxBookBytes+1), "at most"},
	} {
		status, body := reply(w.loadBook(tc.data))
		if status != 400 || !strings.Contains(string(body), tc.want) {
			t.Errorf("%s: %d %s; want 400 naming %q", tc.name, status, body, tc.want)
		}
		if w.book.Plies() != openingbook.Plies {
			t.Errorf("%s: the worker's book has %d plies after the refusal", tc.name, w.book.Plies())
		}
	}
	// A position of ten stones: each child is in the deep book.
	const pos = "4453443355"
	before, err := newWorker(1, small)
	if err != nil {
		t.Fatal(err)
	}
	var deepScores, smallScores scored
	ask(t, w, request{Op: "scores", Pos: pos}, 200, &deepScores)
	ask(t, before, request{Op: "scores", Pos: pos}, 200, &smallScores)
	if deepScores.Nodes >= smallScores.Nodes {
		t.Errorf("scores of %s: %d nodes with the deep book, %d with the small one", pos, deepScores.Nodes, smallScores.Nodes)
	}
	for i := range deepScores.Scores {
		if (deepScores.Scores[i] == nil) != (smallScores.Scores[i] == nil) || deepScores.Scores[i] != nil && *deepScores.Scores[i] != *smallScores.Scores[i] {
			t.Errorf("scores of %s: column %d differs with the deep book", pos, i+1)
		}
	}
}

// FuzzLoadBook checks that any bytes handed to the engine as a book are
// loaded or refused with 400, never a panic, and that a refused book
// leaves the worker's book as it was.
func FuzzLoadBook(f *testing.F) {
	f.Add(smallBookData)
	f.Add(smallBookData[:30])
	f.Add([]byte("fgbook"))
	f.Add([]byte{})
	small, _ := smallBook() // nil on a board other than the classic one
	f.Fuzz(func(t *testing.T, data []byte) {
		w, err := newWorker(1, small)
		if err != nil {
			t.Fatal(err)
		}
		status, body := reply(w.loadBook(data))
		switch {
		case status == 400 && w.book != small:
			t.Errorf("%d bytes refused (%s), but the worker's book changed", len(data), body)
		case status != 200 && status != 400:
			t.Errorf("%d bytes: %d %s", len(data), status, body)
		}
	})
}
