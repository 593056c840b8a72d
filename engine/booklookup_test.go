package engine

import (
	"github.com/fourgen/fourgen/engine/board"

	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
)

// smallBookRoot and smallBookPlies describe the small book the tests of
// Lookup use: the positions of 6 stones after 4453, a few dozen.
const (
	smallBookRoot  = "4453"
	smallBookPlies = 6
)

// quietPositions lists by a plain walk every position of plies stones a
// game from root reaches with no four, where the side to move cannot win
// at once, one per book key, in key order.
func quietPositions(tb testing.TB, root string, plies int) []board.Position {
	tb.Helper()
	level := []board.Position{mustParse(tb, root)}
	for range plies - len(root) {
		var next []board.Position
		for _, p := range level {
			for col := range board.Width {
				if p.CanPlay(col) && !p.IsWinningMove(col) {
					q := p
					q.Play(col)
					next = append(next, q)
				}
			}
		}
		level = next
	}
	byKey := make(map[uint32]board.Position)
	for _, p := range level {
		if !p.CanWinNow() {
			byKey[board.BookKey(p)] = p
		}
	}
	var out []board.Position
	for _, k := range slices.Sorted(maps.Keys(byKey)) {
		out = append(out, byKey[k])
	}
	return out
}

// fakeBook makes a book of the positions quietPositions lists from root,
// with made-up scores in range.
func fakeBook(tb testing.TB, root string, plies int, kind BookKind) *Book {
	tb.Helper()
	return fakeBookWithout(tb, root, plies, kind, nil)
}

// fakeBookWithout is [fakeBook] leaving out the positions skip says.
func fakeBookWithout(tb testing.TB, root string, plies int, kind BookKind, skip func(board.Position) bool) *Book {
	tb.Helper()
	return bookOf(tb, root, plies, kind, func(i int, p board.Position) (board.Score, bool) {
		v := board.Score(i%7 - 3)
		if kind == BookWDL {
			v = board.Score(v.Outcome())
		}
		return v, skip == nil || !skip(p)
	})
}

// bookOf makes a book of the positions quietPositions lists from root,
// the i-th, p, with the score score gives it, unless it says to leave p out.
func bookOf(tb testing.TB, root string, plies int, kind BookKind, score func(i int, p board.Position) (v board.Score, keep bool)) *Book {
	tb.Helper()
	var keys []uint32
	var scores []int8
	for i, p := range quietPositions(tb, root, plies) {
		if v, keep := score(i, p); keep {
			keys, scores = append(keys, board.BookKey(p)), append(scores, int8(v))
		}
	}
	b, err := NewBook(plies, kind, keys, scores)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// TestLookupFinds checks that Lookup finds every position of a book and
// its mirror with its score, and that Entry and KeyScore give each entry
// back.
func TestLookupFinds(t *testing.T) {
	classicOnly(t) // its fixtures are of the 7×6 board
	for _, kind := range []BookKind{BookExact, BookWDL} {
		b := fakeBook(t, smallBookRoot, smallBookPlies, kind)
		ps := quietPositions(t, smallBookRoot, smallBookPlies)
		if b.Len() != len(ps) || b.Plies() != smallBookPlies || b.Kind() != kind {
			t.Fatalf("kind %d: %d entries of %d plies, kind %d; want %d, %d, %d", kind, b.Len(), b.Plies(), b.Kind(), len(ps), smallBookPlies, kind)
		}
		for i, p := range ps {
			key, want := b.KeyScore(i)
			q, v, err := b.Entry(i)
			if err != nil || key != board.BookKey(p) || board.BookKey(q) != key || v != want {
				t.Fatalf("kind %d: entry %d: key %d, Entry %v %v %v; want key %d", kind, i, key, q, v, err, board.BookKey(p))
			}
			for _, q := range []board.Position{p, p.Mirror()} {
				if v, ok := b.Lookup(q); !ok || v != want {
					t.Fatalf("kind %d: Lookup(%d) = %v, %v; want %v, true", kind, board.StoneString(q), v, ok, want)
				}
			}
		}
		if _, _, err := b.Entry(b.Len()); err == nil {
			t.Errorf("Entry(Len) gives no error")
		}
	}
}

// TestLookupMisses checks that Lookup finds nothing in a nil book, for a
// position of another stone count or for one the book lacks.
func TestLookupMisses(t *testing.T) {
	classicOnly(t) // its fixtures are of the 7×6 board
	b := fakeBook(t, smallBookRoot, smallBookPlies, BookExact)
	var nilBook *Book
	for _, tc := range []struct {
		book  *Book
		moves string
	}{
		{nilBook, "445312"},
		{b, "4453"},
		{b, "44531"},
		{b, "4453122"},
		{b, "111222"}, // 6 stones, not after 4453
		{b, "445361"}, // the side to move wins at once: never in a book
	} {
		p := mustParse(t, tc.moves)
		if v, ok := tc.book.Lookup(p); ok {
			t.Errorf("Lookup(%s) = %v, found; want not found", tc.moves, v)
		}
	}
	if _, _, err := nilBook.Entry(0); err == nil {
		t.Errorf("Entry of a nil book gives no error")
	}
}

// TestBookBounds checks the interval a book entry gives the search: the
// score itself in a book of exact scores, and in a book of outcomes
// exactly the scores of the entry's outcome; a position the book lacks
// gets no bound.
func TestBookBounds(t *testing.T) {
	classicOnly(t) // its fixtures are of the 7×6 board
	for _, kind := range []BookKind{BookExact, BookWDL} {
		b := fakeBook(t, smallBookRoot, smallBookPlies, kind)
		for _, p := range quietPositions(t, smallBookRoot, smallBookPlies) {
			v, _ := b.Lookup(p)
			lo, hi, ok := b.bounds(p)
			if !ok {
				t.Fatalf("kind %d: bounds(%d) not found", kind, board.StoneString(p))
			}
			if kind == BookExact {
				if lo != int(v) || hi != int(v) {
					t.Errorf("exact %v: bounds %d..%d", v, lo, hi)
				}
				continue
			}
			for s := -board.Cells; s <= board.Cells; s++ {
				if in := lo <= s && s <= hi; in != (board.Score(s).Outcome() == int(v)) {
					t.Errorf("outcome %v: bounds %d..%d, score %d inside: %v", v, lo, hi, s, in)
				}
			}
		}
		if lo, hi, ok := b.bounds(mustParse(t, "111222")); ok || lo != -board.Cells || hi != board.Cells {
			t.Errorf("kind %d: bounds of a position not in the book = %d, %d, %v; want %d, %d, false", kind, lo, hi, ok, -board.Cells, board.Cells)
		}
	}
}

// TestLookupAllocs checks that Lookup allocates nothing, found or not.
func TestLookupAllocs(t *testing.T) {
	classicOnly(t) // its fixtures are of the 7×6 board
	b := fakeBook(t, smallBookRoot, smallBookPlies, BookExact)
	in, out := mustParse(t, "445312"), mustParse(t, "111222")
	var sink board.Score
	for _, p := range []board.Position{in, out} {
		if n := testing.AllocsPerRun(100, func() { sink, _ = b.Lookup(p) }); n != 0 {
			t.Errorf("Lookup allocates %.1f times per call, want 0", n)
		}
	}
	_ = sink
}

// TestBookScoreRange checks the score ranges of books of 8 and 9 stones on
// the 7×6 board, where a win with one's k-th stone scores 22-k. With 8
// stones played the side to move (unable to win at once) wins with its 6th
// stone at the earliest, 16, and loses to the opponent's 5th, -17; with 9,
// it wins with its 6th, 16, and loses to the opponent's 6th, -16.
func TestBookScoreRange(t *testing.T) {
	classicOnly(t)
	for _, tc := range []struct {
		kind          BookKind
		plies, lo, hi int
	}{
		{BookExact, 8, -17, 16},
		{BookExact, 9, -16, 16},
		{BookWDL, 9, -1, 1},
	} {
		if lo, hi := tc.kind.ScoreRange(tc.plies); lo != tc.lo || hi != tc.hi {
			t.Errorf("kind %d, %d plies: ScoreRange = %d..%d, want %d..%d", tc.kind, tc.plies, lo, hi, tc.lo, tc.hi)
		}
	}
}

// TestNewBookErrors checks that NewBook refuses every entry the search
// could not rely on, naming the entry and the problem, and that
// NewTrustedBook refuses those a lookup could not rely on (trusted) and
// takes the others.
func TestNewBookErrors(t *testing.T) {
	classicOnly(t) // its fixtures are of the 7×6 board
	key := func(moves string) uint32 { return board.BookKey(mustParse(t, moves)) }
	a, b := key("445312"), key("445313")
	if a > b {
		a, b = b, a
	}
	// 4453 then 1: its mirror's stone string, 4435 then 7, is the smaller.
	notCanonical := uint32(board.StoneString(mustParse(t, "44531")))
	if key("44531") == notCanonical {
		t.Fatal("the stone string of 44531 is its book key; pick another position")
	}
	lo, hi := BookExact.ScoreRange(6)
	for _, tc := range []struct {
		name    string
		plies   int
		kind    BookKind
		keys    []uint32
		scores  []int8
		want    string
		trusted bool // NewTrustedBook refuses it too
	}{
		{"plies", board.MaxBookPlies + 1, BookExact, nil, nil, fmt.Sprintf("%d plies, want 0 to %d", board.MaxBookPlies+1, board.MaxBookPlies), true},
		{"negative plies", -1, BookExact, nil, nil, "-1 plies", true},
		{"kind", 6, 3, nil, nil, "unknown kind 3", true},
		{"lengths", 6, BookExact, []uint32{a}, nil, "1 keys and 0 scores", true},
		{"unsorted", 6, BookExact, []uint32{b, a}, []int8{0, 0}, "entry 1 is out of order", true},
		{"repeated", 6, BookExact, []uint32{a, a}, []int8{0, 0}, "entry 1 is out of order", true},
		{"score too high", 6, BookExact, []uint32{a}, []int8{int8(hi + 1)}, fmt.Sprintf("entry 0 has score %d, outside %d..%d", hi+1, lo, hi), true},
		{"score too low", 6, BookExact, []uint32{a}, []int8{int8(lo - 1)}, fmt.Sprintf("outside %d..%d", lo, hi), true},
		{"outcome", 6, BookWDL, []uint32{a}, []int8{2}, "entry 0 has score 2, outside -1..1", true},
		{"another stone count", 7, BookExact, []uint32{a}, []int8{0}, "entry 0: stone string", false},
		{"no position", 6, BookExact, []uint32{0}, []int8{0}, fmt.Sprintf("entry 0: stone string 0x0 does not end after %d columns", board.Width), false},
		{"not canonical", 5, BookExact, []uint32{notCanonical}, []int8{0}, "entry 0 is not stored under its mirror-canonical key", false},
		{"wins at once", 6, BookExact, []uint32{key("121212")}, []int8{0}, "entry 0 is a position the side to move wins at once", false},
		{"four", 8, BookExact, []uint32{fourKey()}, []int8{0}, "four in a row", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := NewBook(tc.plies, tc.kind, tc.keys, tc.scores); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("NewBook = %v, want an error saying %q", err, tc.want)
			}
			switch bk, err := NewTrustedBook(tc.plies, tc.kind, tc.keys, tc.scores); {
			case tc.trusted && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("NewTrustedBook = %v, want an error saying %q", err, tc.want)
			case !tc.trusted && (err != nil || bk.Len() != len(tc.keys)):
				t.Errorf("NewTrustedBook = %v, want the book of its %d entries unchecked", err, len(tc.keys))
			}
		})
	}
	if bk, err := NewBook(6, BookExact, []uint32{a, b}, []int8{int8(lo), int8(hi)}); err != nil || bk.Len() != 2 {
		t.Errorf("NewBook of two good entries: %v", err)
	}
}

// TestBookStats checks that the solver's stats count the book's hits and
// misses: a shallower position is answered without a miss, and a position
// the book lacks is searched, counting a miss.
func TestBookStats(t *testing.T) {
	classicOnly(t) // its fixtures are of the 7×6 board
	full := fakeBook(t, smallBookRoot, smallBookPlies, BookExact)
	ps := quietPositions(t, smallBookRoot, smallBookPlies)
	missing := ps[len(ps)/2]
	holed := fakeBookWithout(t, smallBookRoot, smallBookPlies, BookExact, func(p board.Position) bool { return board.BookKey(p) == board.BookKey(missing) })

	s := mustSolver(t, 1)
	for _, tc := range []struct {
		name       string
		book       *Book
		p          board.Position
		hits, miss bool
	}{
		{"root in the book", full, missing, true, false},
		{"root above the book", full, mustParse(t, smallBookRoot), true, false},
		{"root missing from the book", holed, missing, false, true},
	} {
		s.SetBook(tc.book)
		s.Reset()
		if _, err := s.Solve(t.Context(), tc.p); err != nil {
			t.Fatal(err)
		}
		st := s.Stats()
		if (st.BookHits > 0) != tc.hits || (st.BookMisses > 0) != tc.miss {
			t.Errorf("%s: %d hits, %d misses; want hits %v, misses %v", tc.name, st.BookHits, st.BookMisses, tc.hits, tc.miss)
		}
		if tc.p.Moves() == smallBookPlies && tc.hits && st.Nodes != 0 {
			t.Errorf("%s: %d nodes for a position the book holds", tc.name, st.Nodes)
		}
	}
}

// fourKey is the stone string of a position no game reaches: the first
// player's four in column 1, under the second player's three stones in
// column 2 and one in column 3.
func fourKey() uint32 {
	x := board.Cell(0, 0).Or(board.Cell(0, 1)).Or(board.Cell(0, 2)).Or(board.Cell(0, 3))
	o := board.Cell(1, 0).Or(board.Cell(1, 1)).Or(board.Cell(1, 2)).Or(board.Cell(2, 0))
	return uint32(board.StoneString(board.FromWords(x, x.Or(o), 8)))
}
