package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/engine/book"
	"github.com/fourgen/fourgen/engine/book/bitbully"
	"github.com/fourgen/fourgen/engine/openingbook"
	"github.com/fourgen/fourgen/internal/reftest"
	"github.com/fourgen/fourgen/internal/shareddata"
	"github.com/fourgen/fourgen/internal/solvertest"
)

// records writes a BitBully file of the positions, each a draw (0) or a
// first-player loss (1), in the order given.
func records(t *testing.T, entries ...any) []byte {
	t.Helper()
	var out []byte
	for i := 0; i < len(entries); i += 2 {
		p, err := board.Parse(entries[i].(string))
		if err != nil {
			t.Fatal(err)
		}
		r := uint32(board.StoneString(p)) | uint32(entries[i+1].(int))
		out = append(out, byte(r>>16), byte(r>>8), byte(r))
	}
	return out
}

// TestBookVerifyBook checks verify against a one-entry database with a
// book that holds the entry, agreeing and disagreeing: the book answers,
// the solver is not asked, and a disagreement is listed and fails.
func TestBookVerifyBook(t *testing.T) {
	refSkips.Classic(t, board.Width, board.Height, board.InARow) // BitBully's records and the positions are of the classic board
	dir := t.TempDir()
	// 67676667 is the first record of the published file, a draw.
	drawDB := writeBytes(t, dir, "draw.dat", records(t, "67676667", 0))
	lossDB := writeBytes(t, dir, "loss.dat", records(t, "67676667", 1))
	book := fakeBook(t, dir, "6767666", 8, func(board.Position) int { return 0 })

	code, stdout, stderr := runC4(context.Background(), "book", "verify", "--against", drawDB, "--book", book, "--sample", "0")
	if code != 0 || stderr != "" {
		t.Errorf("agreeing: exit %d, stderr %q; want 0 and nothing", code, stderr)
	}
	for _, want := range []string{
		"database " + drawDB + ": 1 of 1 entries checked: 1 agree, 0 disagree\n",
		"sample: 0 of the 77714 positions absent from the database checked: 0 first-player wins, 0 disagree\n",
		"answered by the book: 1, by the solver: 0\n",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("agreeing: stdout lacks %q:\n%s", want, stdout)
		}
	}

	code, stdout, stderr = runC4(context.Background(), "book", "verify", "--against", lossDB, "--book", book, "--sample", "0")
	if code != 1 {
		t.Errorf("disagreeing: exit %d, want 1", code)
	}
	for _, want := range []string{
		"disagreement: 67676667 (key 351484): BitBully says loss, we say draw (book score 0)\n",
		"c4: book verify: 1 disagreements with " + lossDB + "\n",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("disagreeing: stderr lacks %q:\n%s", want, stderr)
		}
	}
	if !strings.Contains(stdout, "1 of 1 entries checked: 0 agree, 1 disagree") {
		t.Errorf("disagreeing: stdout lacks the count:\n%s", stdout)
	}

	// A book of other positions than the database's answers none of them,
	// and the summary says why.
	deeper := fakeBook(t, dir, "67676667", 9, func(board.Position) int { return 0 })
	code, stdout, stderr = runC4(context.Background(), "book", "verify", "--against", drawDB, "--book", deeper, "--sample", "0")
	want := "answered by the solver: 1, each searched down to the book's positions of 9 stones (the database's positions have 8, so the book holds none of them)\n"
	if code != 0 || stderr != "" || !strings.Contains(stdout, want) {
		t.Errorf("a 9-ply book: exit %d, stderr %q, stdout:\n%s\nwant 0, nothing, and %q", code, stderr, stdout, want)
	}
}

// TestAnsweredBy checks the summary of who answered, for books of fewer,
// as many and more stones than the database's positions, and none.
func TestAnsweredBy(t *testing.T) {
	refSkips.Classic(t, board.Width, board.Height, board.InARow) // the books' positions are of the classic board
	dir := t.TempDir()
	score := func(board.Position) int { return 0 }
	load := func(plies int, root string) *engine.Book {
		b, err := (&bookChoice{file: fakeBook(t, dir, root, plies, score)}).load("test")
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	for _, tc := range []struct {
		book *engine.Book
		r    book.Report
		want string
	}{
		{nil, book.Report{Solved: 3}, "answered by the solver alone (no book): 3"},
		{load(8, "6767666"), book.Report{FromBook: 2, Solved: 1}, "answered by the book: 2, by the solver: 1"},
		{load(8, "6767666"), book.Report{Solved: 1}, "answered by the book: 0, by the solver: 1"},
		{load(9, "67676667"), book.Report{Solved: 4}, "answered by the solver: 4, each searched down to the book's positions of 9 stones (the database's positions have 8, so the book holds none of them)"},
		{load(7, "676766"), book.Report{Solved: 5}, "answered by the solver: 5, without the book (its positions have 7 stones, fewer than the database's 8: a search never comes back to them)"},
	} {
		if got := answeredBy(tc.book, tc.r); got != tc.want {
			t.Errorf("answeredBy = %q, want %q", got, tc.want)
		}
	}
}

// TestBookVerifyInterrupted checks that a cancelled verify stops, still
// prints what it checked, and reports the interruption.
func TestBookVerifyInterrupted(t *testing.T) {
	refSkips.Classic(t, board.Width, board.Height, board.InARow) // BitBully's records and the positions are of the classic board
	db := writeBytes(t, t.TempDir(), "draw.dat", records(t, "67676667", 0, "76543333", 1))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	code, stdout, stderr := runC4(ctx, "book", "verify", "--against", db, "--tt-mb", "16")
	if code != 1 || stderr != "c4: interrupted\n" {
		t.Errorf("exit %d, stderr %q; want 1, %q", code, stderr, "c4: interrupted\n")
	}
	if !strings.Contains(stdout, "0 of 2 entries checked: 0 agree, 0 disagree") {
		t.Errorf("stdout lacks the summary:\n%s", stdout)
	}
}

// TestBookVerifyBitBully checks the solver against the first entries of
// the published database and a few positions it leaves out.
func TestBookVerifyBitBully(t *testing.T) {
	if testing.Short() {
		t.Skip("solves 25 positions of 8 stones")
	}
	db := filepath.Join(testdata, "bitbully", "book_8ply.dat")
	if _, err := os.Stat(db); err != nil {
		t.Skipf("reference data missing: %v", err)
	}
	code, stdout, stderr := runC4(context.Background(), "book", "verify", "--no-book", "--against", db, "--limit", "20", "--sample", "5")
	if code != 0 || stderr != "" {
		t.Errorf("exit %d, stderr:\n%s", code, stderr)
	}
	for _, want := range []string{
		": 20 of 34515 entries checked: 20 agree, 0 disagree\n",
		"checked: 5 first-player wins, 0 disagree\n",
		"answered by the solver alone (no book): 25\n",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
}

// TestBookVerifySolve checks --solve: a book of true scores agrees with
// fresh solves, and a book with one wrong score is caught.
func TestBookVerifySolve(t *testing.T) {
	if testing.Short() {
		t.Skip("solves positions of 11 stones: skipped with -short")
	}
	dir := t.TempDir()
	db := writeBytes(t, dir, "draw.dat", records(t, "67676667", 0))
	root, _ := splitLine(refLines(t, "positions/n10.txt", 1)[0])
	s := solvertest.New(t, 16)
	truth := func(p board.Position) int {
		v, err := s.Solve(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		return int(v)
	}
	good := fakeBook(t, dir, root, 11, truth)
	wrongOnce := false
	bad := fakeBook(t, t.TempDir(), root, 11, func(p board.Position) int {
		v := truth(p)
		if !wrongOnce {
			wrongOnce = true
			return v + 1
		}
		return v
	})

	code, stdout, stderr := runC4(context.Background(), "book", "verify", "--against", db, "--book", good, "--sample", "0", "--solve", "100")
	if code != 0 || !regexp.MustCompile(`exact: (\d+) of (\d+) book positions solved afresh without a book: (\d+) agree, 0 disagree\n`).MatchString(stdout) ||
		strings.Contains(stdout, "afresh without a book: 0 agree") {
		t.Errorf("true scores: exit %d, stdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	code, stdout, stderr = runC4(context.Background(), "book", "verify", "--against", db, "--book", bad, "--sample", "0", "--solve", "100")
	if code != 1 || !strings.Contains(stdout, ", 1 disagree\n") || !strings.Contains(stderr, "the book says") {
		t.Errorf("one wrong score: exit %d, stdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
}

// TestBookVerifyDefault runs c4 book verify without --against: refused
// with a reason outside the repository, checked against the README's
// database inside it.
func TestBookVerifyDefault(t *testing.T) {
	db := filepath.Join(testdata, "bitbully", "book_8ply.dat")
	_, err := os.Stat(db)
	if err == nil && (board.Width != reftest.ClassicWidth || board.Height != reftest.ClassicHeight) {
		err = fmt.Errorf("the database is of the %d×%d board, this engine plays %d×%d", reftest.ClassicWidth, reftest.ClassicHeight, board.Width, board.Height)
	}
	if err == nil {
		// The tests run in cmd/c4, inside the repository.
		code, stdout, stderr := runC4(context.Background(), "book", "verify", "--limit", "3", "--sample", "0")
		want := "database " + filepath.FromSlash("../../"+shareddata.FromRoot+"/"+bitbullyDefault) + ": 3 of "
		if code != 0 || !strings.Contains(stdout, want) {
			t.Errorf("inside the repository: exit %d, stdout %q, stderr %q; want 0 and %q", code, stdout, stderr, want)
		}
	} else {
		t.Logf("reference data missing or of another board, the default is not checked inside the repository: %v", err)
	}

	t.Chdir(t.TempDir())
	code, _, stderr := runC4(context.Background(), "book", "verify")
	wants := []string{"c4: book: verify needs --against FILE", "not inside the fourgen repository"}
	if !bitbully.Applies() {
		wants = []string{"c4: book: verify: " + bitbully.ErrOtherSize.Error(), "--book FILE --solve N"}
	}
	for _, want := range wants {
		if code != 2 || !strings.Contains(stderr, want) {
			t.Errorf("outside the repository: exit %d, stderr %q; want 2 and %q", code, stderr, want)
		}
	}
}

// TestBookVerifyOtherBoard checks c4 book verify where BitBully's
// database is of another board: a book of this board is checked by fresh
// solves alone, and without --book and
// --solve the command says why and what to give.
func TestBookVerifyOtherBoard(t *testing.T) {
	if bitbully.Applies() {
		t.Skip("BitBully's database is of this board: verify checks against it (TestBookVerifyDefault)")
	}
	code, _, stderr := runC4(context.Background(), "book", "verify", "--solve", "5")
	if code != 2 || !strings.Contains(stderr, bitbully.ErrOtherSize.Error()) || !strings.Contains(stderr, "--book FILE --solve N") {
		t.Errorf("without --book: exit %d, stderr %q; want 2 and the database's board", code, stderr)
	}
	if board.Cells > 30 {
		t.Skipf("a book of 4 stones of %d×%d solves too slowly for a test", board.Width, board.Height)
	}
	dir := t.TempDir()
	shardFile, bookFile := filepath.Join(dir, "b.shard"), filepath.Join(dir, "b.fgb")
	for _, args := range [][]string{
		{"book", "build", "--plies", "4", "--tt-mb", "16", "--out", shardFile},
		{"book", "merge", "--out", bookFile, shardFile},
	} {
		if code, _, stderr := runC4(context.Background(), args...); code != 0 {
			t.Fatalf("c4 %v: exit %d, %s", args, code, stderr)
		}
	}
	code, stdout, stderr := runC4(context.Background(), "book", "verify", "--book", bookFile, "--solve", "20", "--tt-mb", "16")
	if code != 0 || stdout != "exact: 20 of 20 book positions solved afresh without a book: 20 agree, 0 disagree\n" {
		t.Errorf("verify: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

// TestBookInfoOtherBoard checks that c4 book info without a file, at a
// board other than the embedded book's, says that there is none and what
// to give instead.
func TestBookInfoOtherBoard(t *testing.T) {
	if openingbook.Applies() {
		t.Skip("the embedded book is of this board (TestBookErrors describes it)")
	}
	code, _, stderr := runC4(context.Background(), "book", "info")
	if code != 1 || !strings.Contains(stderr, openingbook.ErrOtherSize.Error()) || !strings.Contains(stderr, "c4 book info FILE") {
		t.Errorf("exit %d, stderr %q; want 1, the embedded book's board and what to give", code, stderr)
	}
}
