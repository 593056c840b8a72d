package openingbook

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/engine/book"
	"github.com/fourgen/fourgen/engine/book/bitbully"
	"github.com/fourgen/fourgen/internal/racebuild"
	"github.com/fourgen/fourgen/internal/reftest"
	"github.com/fourgen/fourgen/internal/solvertest"
)

// refDir is where the independent reference data lives: beside the repo,
// or where $FOURGEN_TESTDATA says.
var refDir = reftest.Dir("../../../shared/testdata")

// refSkips records the tests skipped for want of the reference data.
var refSkips reftest.Skips

// TestMain runs the tests and prints one line naming those that skipped
// for want of the reference data, which go test shows without -v.
func TestMain(m *testing.M) { os.Exit(refSkips.Main(m, "openingbook")) }

// freshSolves is how many book positions TestFreshSolves solves again
// without a book; make verify runs c4 book verify --solve 200 instead.
var freshSolves = flag.Int("fresh", 6, "book positions to solve afresh without a book in TestFreshSolves")

// parentAnalyses is how many positions TestAnalyzeFromBook checks (-1: all).
var parentAnalyses = flag.Int("parents", 3, "positions of one stone more than the book in Pons's sets whose parent TestAnalyzeFromBook analyses (-1: all)")

// skipOtherSize skips a test of the embedded book at a board size other
// than the book's, where there is no book (see TestOtherSize), and records
// the skip for the package's summary line.
func skipOtherSize(tb testing.TB) {
	tb.Helper()
	refSkips.Classic(tb, board.Width, board.Height, board.InARow)
}

// TestBookSolvesEmptyBoard checks that with the book the solver finds the
// empty board a first-player win with the 21st and last stone of the
// winner (score 1), searching only down to the book's plies: no position
// it looks up is missing.
func TestBookSolvesEmptyBoard(t *testing.T) {
	skipOtherSize(t)
	s := solvertest.New(t, 16)
	s.SetBook(embedded(t))
	score, err := s.Solve(context.Background(), board.Position{})
	if score != 1 || err != nil || s.Stats().BookMisses != 0 {
		t.Errorf("Solve(empty board) = %v, %v with %d book misses; want +1, nil, 0", score, err, s.Stats().BookMisses)
	}
}

// TestOtherSize checks that the book applies exactly at its own board
// size, and that elsewhere Book says so with ErrOtherSize.
func TestOtherSize(t *testing.T) {
	if got, want := Applies(), board.Width == 7 && board.Height == 6 && board.InARow == 4; got != want {
		t.Fatalf("Applies() = %v on the %d×%d board, want %v", got, board.Width, board.Height, want)
	}
	b, err := Book()
	switch {
	case Applies() && (err != nil || b == nil):
		t.Errorf("Book() = %v, %v; want the book", b, err)
	case !Applies() && (b != nil || !errors.Is(err, ErrOtherSize)):
		t.Errorf("Book() = %v, %v; want nil, ErrOtherSize", b, err)
	}
}

// embedded returns the embedded book, failing the test if it does not load.
func embedded(t *testing.T) *engine.Book {
	t.Helper()
	b, err := Book()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// skipUnderRace skips a check of the book's data under the race
// detector, which makes it several times slower (17 and 32 s) and can find
// nothing in it: it runs in one goroutine, and the tests without -race run
// it. The book read from several goroutines is TestBookConcurrent's.
func skipUnderRace(t *testing.T) {
	if racebuild.Enabled {
		t.Skip("SKIP: a check of the book's data in one goroutine: the tests without -race run it")
	}
}

// TestBookComplete checks that the embedded book holds exactly the
// positions of its stone count a game can reach, one per mirror pair, with
// exact scores in range, and that it passes book.Parse's check of every
// entry (Book parses it with book.ParseTrusted, relying on this test).
func TestBookComplete(t *testing.T) {
	skipOtherSize(t)
	skipUnderRace(t)
	b := embedded(t)
	if _, err := book.Parse(Bytes()); err != nil {
		t.Fatalf("the embedded book fails the full check: %v", err)
	}
	if b.Plies() != Plies || b.Kind() != engine.BookExact {
		t.Fatalf("book of %d plies, kind %d; want %d plies, exact", b.Plies(), b.Kind(), Plies)
	}
	all, err := book.Positions(board.Position{}, Plies)
	if err != nil {
		t.Fatal(err)
	}
	lo, hi := engine.BookExact.ScoreRange(Plies) // checked in engine's TestBookScoreRange
	if b.Len() != len(all) {
		t.Errorf("book has %d entries, want one per reachable position up to mirroring: %d", b.Len(), len(all))
	}
	for _, p := range all {
		v, ok := b.Lookup(p)
		if !ok {
			t.Fatalf("position %v is missing", p)
		}
		if w, ok := b.Lookup(p.Mirror()); !ok || w != v {
			t.Fatalf("position %v scores %v, its mirror %v (found %v)", p, v, w, ok)
		}
		if int(v) < lo || int(v) > hi {
			t.Fatalf("position %v scores %v, outside %d..%d", p, v, lo, hi)
		}
	}
	if b2, _ := Book(); b2 != b {
		t.Errorf("Book returned a different book on the second call")
	}
}

// TestAgainstBitBully checks every entry of BitBully's published 8-ply
// database, and every position it leaves out (a first-player win), against
// the sign of the score the solver finds with the embedded book: each
// 8-stone position is two moves from the book, so this checks the book's
// scores through their grandparents' without searching past the book.
func TestAgainstBitBully(t *testing.T) {
	skipOtherSize(t)
	path := filepath.Join(refDir, "bitbully", "book_8ply.dat")
	f, err := os.Open(path)
	if err != nil {
		refSkips.Skip(t, err)
	}
	db, err := bitbully.Read(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	if bitbully.Plies > Plies {
		t.Fatalf("the database's positions have %d stones, more than the book's %d", bitbully.Plies, Plies)
	}
	s := solvertest.New(t, 16)
	s.SetBook(embedded(t))
	bad := 0
	outcome := func(p board.Position) int {
		v, err := s.Solve(context.Background(), p)
		if err != nil {
			t.Fatalf("%v: %v", p, err)
		}
		if st := s.Stats(); st.BookMisses != 0 {
			t.Fatalf("%v: %d positions searched beyond the book", p, st.BookMisses)
		}
		return v.Outcome()
	}
	for _, e := range db.Entries() {
		if got := outcome(e.Position); got != e.Outcome {
			bad++
			if bad <= 10 {
				t.Errorf("%v: BitBully's outcome %d, with the book %d", e.Position, e.Outcome, got)
			}
		}
	}
	all, _ := book.Positions(board.Position{}, bitbully.Plies)
	absent := 0
	for _, p := range all {
		if _, listed := db.Outcome(p); listed {
			continue
		}
		absent++
		if got := outcome(p); got != 1 {
			bad++
			if bad <= 10 {
				t.Errorf("%v: absent from BitBully's database (a first-player win), with the book %d", p, got)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d disagreements with %s", bad, path)
	}
	t.Logf("%d database entries and %d positions it leaves out agree", db.Len(), absent)
}

// TestFreshSolves solves random positions of the book again with a solver
// that has no book, and compares the exact scores.
func TestFreshSolves(t *testing.T) {
	skipOtherSize(t)
	if testing.Short() {
		t.Skip("solves positions of the book's stone count without a book: skipped with -short")
	}
	b := embedded(t)
	s := solvertest.New(t, 0)
	r := rand.New(rand.NewPCG(uint64(*freshSolves), 29))
	for range *freshSolves {
		i := r.IntN(b.Len())
		p, want, err := b.Entry(i)
		if err != nil {
			t.Fatal(err)
		}
		got, err := s.Solve(context.Background(), p)
		if err != nil || got != want {
			t.Errorf("entry %d (%v): the book says %v, a fresh solve %v (%v)", i, p, want, got, err)
		}
	}
}

// TestPonsFromBook solves every position of at most the book's stone count
// in Pascal Pons's beginning sets with the book, and analyses those of fewer
// stones: the score, and the best column's score, must be Pons's, and
// neither may search beyond the book (no book misses), so that analysing
// any position of fewer stones than the book's takes milliseconds.
func TestPonsFromBook(t *testing.T) {
	skipOtherSize(t)
	s := solvertest.New(t, 16)
	s.SetBook(embedded(t))
	n := 0
	for _, name := range []string{"Test_L1_R1", "Test_L1_R2", "Test_L1_R3"} {
		for _, c := range ponsLines(t, name) {
			if len(c.moves) > Plies {
				continue
			}
			n++
			p, err := board.Parse(c.moves)
			if err != nil {
				t.Fatalf("%s: %v", c.moves, err)
			}
			got, err := s.Solve(context.Background(), p)
			st := s.Stats()
			switch {
			case err != nil || int(got) != c.score:
				t.Errorf("%s %s: got %v (%v), want %d", name, c.moves, got, err, c.score)
			case st.BookMisses != 0:
				t.Errorf("%s %s: %d positions searched beyond the book", name, c.moves, st.BookMisses)
			case len(c.moves) == Plies && st.Nodes != 0:
				t.Errorf("%s %s: %d nodes searched for a position in the book", name, c.moves, st.Nodes)
			}
			if len(c.moves) == Plies {
				continue
			}
			scores, err := s.Analyze(context.Background(), p)
			best, _ := board.BestColumns(scores)
			if st := s.Stats(); err != nil || int(best) != c.score || st.BookMisses != 0 {
				t.Errorf("%s %s: Analyze = %v (%v), best %v with %d positions searched beyond the book; want best %d, none",
					name, c.moves, scores, err, best, st.BookMisses, c.score)
			}
		}
	}
	if n < 1000 {
		t.Errorf("only %d positions of at most %d stones in the Pons sets", n, Plies)
	}
}

// TestAnalyzeFromBook analyses, with the book, the parent (of the book's
// stone count) of positions of one stone more in Pons's beginning sets: the
// column leading to the Pons position must score minus its score, and the
// best column the book's score of the parent (-parents -1 checks all of
// them). Analyze starts each child's search at the floor the book's score
// gives, so this checks that floor and the probes that climb from it
// against data computed elsewhere.
func TestAnalyzeFromBook(t *testing.T) {
	skipOtherSize(t)
	s := solvertest.New(t, 64)
	s.SetBook(embedded(t))
	s.SetThreads(2)
	n := 0
	for _, name := range []string{"Test_L1_R3", "Test_L1_R2", "Test_L1_R1"} {
		for _, c := range ponsLines(t, name) {
			if len(c.moves) != Plies+1 || n == *parentAnalyses {
				continue
			}
			n++
			parent, err := board.Parse(c.moves[:Plies])
			if err != nil {
				t.Fatalf("%s: %v", c.moves, err)
			}
			scores, err := s.Analyze(context.Background(), parent)
			if err != nil {
				t.Fatalf("Analyze(%s): %v", c.moves[:Plies], err)
			}
			col := int(c.moves[Plies] - '1')
			if int(scores[col]) != -c.score {
				t.Errorf("%s: Analyze(%s) scores column %d %v, want %d", name, c.moves[:Plies], col+1, scores[col], -c.score)
			}
			// The book leaves out the positions whose side to move can
			// win at once; their best column is that win.
			best, _ := board.BestColumns(scores)
			v, ok := s.Book().Lookup(parent)
			switch {
			case !ok && !parent.CanWinNow():
				t.Errorf("%s: %s is not in the book", name, c.moves[:Plies])
			case ok && v != best:
				t.Errorf("%s: Analyze(%s) = %v, best %v; the book says %v", name, c.moves[:Plies], scores, best, v)
			}
		}
	}
	if n == 0 {
		t.Errorf("no position of %d stones in the Pons sets", Plies+1)
	}
}

// ponsCase is one line of a Pons test set.
type ponsCase struct {
	moves string
	score int
}

// ponsLines reads a Pons test set, skipping the test when it is missing.
func ponsLines(t *testing.T, name string) []ponsCase {
	t.Helper()
	f, err := os.Open(filepath.Join(refDir, "pons", name))
	if err != nil {
		refSkips.Skip(t, err)
	}
	defer f.Close()
	var out []ponsCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		moves, score, ok := strings.Cut(sc.Text(), " ")
		v, err := strconv.Atoi(score)
		if !ok || err != nil {
			t.Fatalf("%s: malformed line %q", name, sc.Text())
		}
		out = append(out, ponsCase{moves, v})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestEmbeddedMatchesShards checks that the embedded book is, byte for
// byte, what merging the committed shard files of its build gives (make
// book), so that the book in the binary is the one that was computed. The
// shards are v2 files, each record checksummed: the merge refuses legacy v1
// shards (the 9-ply book's) and edited records.
func TestEmbeddedMatchesShards(t *testing.T) {
	skipOtherSize(t)
	skipUnderRace(t)
	paths := shardPaths(t)
	b, err := book.MergeShards(paths, book.MergeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	data, err := book.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(data, Bytes()) {
		t.Errorf("merging the shards gives %d bytes that differ from the embedded %d: run make book", len(data), len(Bytes()))
	}
}

// TestBookConcurrent has several goroutines take the book and look up the
// same positions (entries and their mirrors) at once, as the solvers of a
// server share it: each gets the entries' scores (under -race, with no
// race).
func TestBookConcurrent(t *testing.T) {
	skipOtherSize(t)
	b := embedded(t)
	var all []board.Position
	var want []int8
	for i := 0; i < b.Len(); i += max(1, b.Len()/2000) {
		p, v, err := b.Entry(i)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, p, p.Mirror())
		want = append(want, int8(v), int8(v))
	}
	const goroutines = 4
	errs := make(chan error, goroutines)
	for range goroutines {
		go func() {
			b, err := Book()
			if err != nil {
				errs <- err
				return
			}
			for i, p := range all {
				if v, ok := b.Lookup(p); !ok || int8(v) != want[i] {
					errs <- fmt.Errorf("position %v: %v (found %v), its entry %v", p, v, ok, want[i])
					return
				}
			}
			errs <- nil
		}()
	}
	for range goroutines {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}
