package book

import (
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/engine/book/bitbully"
	"github.com/fourgen/fourgen/internal/movetest"
	"github.com/fourgen/fourgen/internal/solvertest"
)

// records writes a BitBully file of the positions, each a draw (0) or a
// first-player loss (1), in the order given.
func records(t *testing.T, entries ...any) []byte {
	t.Helper()
	var out []byte
	for i := 0; i < len(entries); i += 2 {
		r := uint32(board.StoneString(mustParse(t, entries[i].(string)))) | uint32(entries[i+1].(int))
		out = append(out, byte(r>>16), byte(r>>8), byte(r))
	}
	return out
}

// parseDB parses a database of records, failing the test on an error.
func parseDB(t *testing.T, entries ...any) *bitbully.DB {
	t.Helper()
	db, err := bitbully.Parse(records(t, entries...))
	if err != nil {
		t.Fatal(err)
	}
	return db
}

// bookOf makes an 8-ply book of exact scores holding only the positions
// of the move strings given, with the scores given.
func bookOf(t *testing.T, entries map[string]board.Score) *engine.Book {
	t.Helper()
	byKey := make(map[uint32]board.Score)
	for moves, v := range entries {
		byKey[board.BookKey(mustParse(t, moves))] = v
	}
	b, err := fromEntries(8, engine.BookExact, byKey)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestVerify checks Verify's report and disagreements on a database of
// one draw: a book that agrees, one that disagrees, and fresh solves of a
// book entry, true and wrong.
func TestVerify(t *testing.T) {
	skipOtherSize(t)
	db := parseDB(t, "67676667", 0) // the first record of the published file, a draw
	// The truth of 67676667 for the fresh solves, from the solver: a draw.
	truth := board.Score(0)
	if !testing.Short() {
		var err error
		if truth, err = solvertest.New(t, 16).Solve(context.Background(), mustParse(t, "67676667")); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		name      string
		score     board.Score // the book's score of 67676667
		solve     int
		want      Report
		disagrees []string
	}{
		{"agree", 0, 0, Report{DB: Tally{1, 1, 0, 1}, Sample: Tally{0, 0, 0, 77714}, FromBook: 1}, nil},
		{"disagree", -1, 0, Report{DB: Tally{1, 0, 1, 1}, Sample: Tally{0, 0, 0, 77714}, FromBook: 1},
			[]string{"disagreement: 67676667 (key 351484): BitBully says draw, we say loss (book score -1)"}},
		{"fresh agree", truth, 1, Report{DB: Tally{1, 1, 0, 1}, Sample: Tally{0, 0, 0, 77714}, Exact: Tally{1, 1, 0, 1}, FromBook: 1}, nil},
		{"fresh disagree", truth - 1, 1, Report{DB: Tally{1, 0, 1, 1}, Sample: Tally{0, 0, 0, 77714}, Exact: Tally{1, 0, 1, 1}, FromBook: 1},
			[]string{"disagreement: 67676667 (key 351484): BitBully says draw, we say loss (book score " + (truth - 1).String() + ")", "disagreement: 67676667 (key 351484): the book says " + (truth - 1).String() + ", a fresh solve " + truth.String()}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.solve > 0 && testing.Short() {
				t.Skip("solves a position of 8 stones without a book: skipped with -short")
			}
			var got []string
			var progress []int
			r, err := Verify(context.Background(), bookOf(t, map[string]board.Score{"67676667": tc.score}), db, VerifyOptions{
				Solver: solvertest.New(t, 16), Solve: tc.solve,
				Progress:     func(done, total int) { progress = append(progress, done, total) },
				Disagreement: func(d Disagreement) { got = append(got, d.String()) },
			})
			if err != nil {
				t.Fatal(err)
			}
			if r != tc.want || r.Disagreements() != len(tc.disagrees) {
				t.Errorf("report %+v, want %+v", r, tc.want)
			}
			if !slices.Equal(got, tc.disagrees) {
				t.Errorf("disagreements %q, want %q", got, tc.disagrees)
			}
			if n := 1 + tc.solve; !slices.Equal(progress[len(progress)-2:], []int{n, n}) {
				t.Errorf("progress %v, want it to end at %d of %d", progress, n, n)
			}
		})
	}
}

// TestVerifyRefuses checks that Verify refuses fresh solves without a book
// of exact scores, and that a cancelled check stops at once and still
// reports what it checked.
func TestVerifyRefuses(t *testing.T) {
	skipOtherSize(t)
	db := parseDB(t, "67676667", 0, "76543333", 1)
	if _, err := Verify(context.Background(), nil, db, VerifyOptions{Solve: 1}); err == nil || !strings.Contains(err.Error(), "need a book of exact scores") {
		t.Errorf("fresh solves without a book: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r, err := Verify(ctx, nil, db, VerifyOptions{Solver: solvertest.New(t, 16)})
	if !errors.Is(err, context.Canceled) || r.DB != (Tally{Of: 2}) || r.Sample.Of != 77713 {
		t.Errorf("cancelled: %+v, %v; want nothing checked of 2 entries, context.Canceled", r, err)
	}
}

// TestAbsentSample checks that the sample is of distinct positions absent
// from the database, in book-key order, the same for the same seed.
func TestAbsentSample(t *testing.T) {
	skipOtherSize(t)
	db, err := bitbully.Parse(records(t, "67676667", 0, "76543333", 1))
	if err != nil {
		t.Fatal(err)
	}
	all, _ := Positions(board.Position{}, bitbully.Plies)
	a, absent, err := absentSample(db, 50, 7)
	if err != nil {
		t.Fatal(err)
	}
	if absent != len(all)-2 || len(a) != 50 {
		t.Fatalf("%d of %d absent positions; want 50 of %d", len(a), absent, len(all)-2)
	}
	for i, p := range a {
		if _, ok := db.Outcome(p); ok {
			t.Errorf("sampled position %d is in the database", i)
		}
		if i > 0 && board.BookKey(p) <= board.BookKey(a[i-1]) {
			t.Errorf("sampled positions %d and %d are not in increasing book-key order", i-1, i)
		}
	}
	b, _, _ := absentSample(db, 50, 7)
	c, _, _ := absentSample(db, 50, 8)
	if !slices.Equal(a, b) || slices.Equal(a, c) {
		t.Errorf("the sample does not depend on the seed alone")
	}
	whole, _, _ := absentSample(db, 1<<20, 7)
	if len(whole) != absent {
		t.Errorf("a sample larger than the positions has %d of %d", len(whole), absent)
	}
}

// TestMoveString checks that moveString reaches random book positions and
// refuses a position no game reaches.
func TestMoveString(t *testing.T) {
	skipOtherSize(t) // the unreachable key is of the 7×6 board
	all, _ := Positions(board.Position{}, 8)
	rng := rand.New(rand.NewPCG(3, 4))
	for range 200 {
		p := all[rng.IntN(len(all))]
		moves, err := moveString(p)
		if err != nil {
			t.Fatalf("%v: %v", p, err)
		}
		q, err := board.Parse(movetest.Fixture(moves))
		if err != nil || board.StoneString(q) != board.StoneString(p) {
			t.Fatalf("moveString = %q, which plays\n%v(%v), want\n%v", moves, q, err, p)
		}
	}
	// A second player's stone under a first player's in column 1, and
	// nothing else: the first player had nowhere to move first.
	p, err := board.ParseStoneString(0b11_10_0_0_0_0_0_0_0_0, 2)
	if err != nil {
		t.Fatal(err)
	}
	if moves, err := moveString(p); !errors.Is(err, ErrUnreachable) {
		t.Errorf("moveString of an unreachable position = %q, %v; want %v", moves, err, ErrUnreachable)
	}
	if got := positionName(p); got != "key 3584" {
		t.Errorf("positionName of an unreachable position = %q, want %q", got, "key 3584")
	}
}

// TestVerifyWithoutDatabase builds a small book of this engine's board,
// the children of a random position of one stone less than a book may
// hold (the deepest book, so that it solves quickly at any size), and
// checks it as c4 book verify does where BitBully's database is of
// another board: by fresh solves alone, every position of it agreeing,
// and one edited score found.
func TestVerifyWithoutDatabase(t *testing.T) {
	deepest := min(board.MaxBookPlies, board.Cells-2)
	if empty := board.Cells - deepest; empty > 30 {
		t.Skipf("solves positions of %d empty cells, more than 7×6's 30 (some take minutes)", empty)
	}
	root := lateRoot(t, deepest-1)
	path := t.TempDir() + "/late.shard"
	opts := BuildOptions{Root: root, Plies: len(root) + 1, Kind: engine.BookExact, Shard: whole, TableMiB: 16}
	if err := BuildShard(context.Background(), path, opts); err != nil {
		t.Fatal(err)
	}
	b, err := MergeShards([]string{path}, MergeOptions{})
	if err != nil || b.Len() == 0 {
		t.Fatalf("merge: %v, %d positions", err, b.Len())
	}
	r, err := Verify(context.Background(), b, nil, VerifyOptions{Solver: solvertest.New(t, 16), Solve: -1})
	if err != nil || r.Exact != (Tally{Checked: b.Len(), Agree: b.Len(), Of: b.Len()}) || r.DB != (Tally{}) || r.Sample != (Tally{}) {
		t.Errorf("true book: %+v, %v; want all %d positions agreeing and nothing else checked", r, err, b.Len())
	}
	data, err := Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	data[headerSize+keyBytes*b.Len()]++ // the first entry's score one more
	binary.LittleEndian.PutUint32(data[16:], crc32.Checksum(data[headerSize:], crcTable))
	edited, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	r, err = Verify(context.Background(), edited, nil, VerifyOptions{Solver: solvertest.New(t, 16), Solve: -1})
	if err != nil || r.Exact.Disagree != 1 || r.Exact.Checked != b.Len() {
		t.Errorf("one score edited: %+v, %v; want 1 disagreement of %d", r, err, b.Len())
	}
	if _, err := Verify(context.Background(), b, nil, VerifyOptions{}); err == nil || !strings.Contains(err.Error(), "nothing to check") {
		t.Errorf("no database, no fresh solves: %v", err)
	}
}

// lateRoot returns the moves of a random game of n stones in which no
// four was made, the first such game of a fixed seed.
func lateRoot(t *testing.T, n int) string {
	rng := rand.New(rand.NewPCG(3, 5))
	for range 1000 {
		var p board.Position
		moves := ""
		for p.Moves() < n {
			col := rng.IntN(board.Width)
			if !p.CanPlay(col) {
				continue
			}
			if p.IsWinningMove(col) {
				break
			}
			p.Play(col)
			moves += string(rune('1' + col))
		}
		if p.Moves() == n && !p.CanWinNow() {
			return moves
		}
	}
	t.Fatal("no game without a four in 1000")
	return ""
}
