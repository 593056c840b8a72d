package engine

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/geom"
)

// These tests hold for every board size the generator can write: run at
// another size with go test -overlay (gen's TestSmallSizes and make
// verify-sizes do that).

var (
	longSizes = flag.Bool("sizes.long", false, "solve the empty board even when it has more than 30 cells")
	sizesMiB  = flag.Int("sizes.mib", 64, "the table of TestEmptyBoardAsPublished, in MiB")
)

// solvedBoard is a published result: the winner with perfect play (1 or 2,
// 0 for a draw) and the number of the stone that ends the game.
type solvedBoard struct{ winner, lastMove int }

// solvedBoards is the table of solved boards of the fastest C++ solver,
// Christophe Steininger's (github.com/ChristopheSteininger/c4, readme.md,
// "Results": its tables "Outcome" and "Last Move", the same at commits
// 50b6a49 and 0e1df1c), by width and height: every size it lists, each
// with its outcome and its last move (the table gives both for every
// size), that is every board of width + height ≤ 16 with 4 ≤ W ≤ 12 and
// 4 ≤ H, and 7×10, 6×11, 6×12, 5×12, 5×13 and 4×13 beyond. For a draw the
// last move is the board's last cell. It lists no other size of at most
// 128 bits: no 8×9 (its row of height 9 stops at width 7), no 12×5, 9×8,
// 5×14 or 4×14, and so on.
var solvedBoards = map[[2]int]solvedBoard{
	{4, 4}: {0, 16}, {5, 4}: {0, 20}, {6, 4}: {2, 24}, {7, 4}: {0, 28}, {8, 4}: {2, 32}, {9, 4}: {2, 36},
	{10, 4}: {2, 40}, {11, 4}: {2, 44}, {12, 4}: {2, 48},

	{4, 5}: {0, 20}, {5, 5}: {0, 25}, {6, 5}: {0, 30}, {7, 5}: {0, 35}, {8, 5}: {1, 39}, {9, 5}: {1, 41},
	{10, 5}: {1, 47}, {11, 5}: {1, 51},

	{4, 6}: {0, 24}, {5, 6}: {0, 30}, {6, 6}: {2, 36}, {7, 6}: {1, 41}, {8, 6}: {2, 48}, {9, 6}: {2, 52},
	{10, 6}: {1, 59},

	{4, 7}: {0, 28}, {5, 7}: {0, 35}, {6, 7}: {1, 41}, {7, 7}: {0, 49}, {8, 7}: {1, 53}, {9, 7}: {1, 55},

	{4, 8}: {0, 32}, {5, 8}: {0, 40}, {6, 8}: {2, 48}, {7, 8}: {1, 55}, {8, 8}: {2, 62},

	{4, 9}: {0, 36}, {5, 9}: {0, 45}, {6, 9}: {1, 53}, {7, 9}: {0, 63},

	{4, 10}: {0, 40}, {5, 10}: {0, 50}, {6, 10}: {2, 60}, {7, 10}: {1, 69},

	{4, 11}: {0, 44}, {5, 11}: {0, 55}, {6, 11}: {1, 63},

	{4, 12}: {0, 48}, {5, 12}: {0, 60}, {6, 12}: {2, 72},

	{4, 13}: {0, 52}, {5, 13}: {0, 65},
}

// trompOutcomes is John Tromp's table of solved boards ("John's Connect Four
// Playground", homepages.cwi.nl/~tromp/c4/c4.html, now tromp.github.io/c4/c4.html:
// "+" a first-player win, "=" a draw, "-" a second-player win), by width and
// height, as winner (1 or 2, 0 for a draw): outcomes only, every board of
// width + height ≤ 15. The copy read has no 8×8, which Tromp solved in 2015
// (so Steininger's readme says).
var trompOutcomes = map[[2]int]int{
	{4, 4}: 0, {5, 4}: 0, {6, 4}: 2, {7, 4}: 0, {8, 4}: 2, {9, 4}: 2, {10, 4}: 2, {11, 4}: 2,
	{4, 5}: 0, {5, 5}: 0, {6, 5}: 0, {7, 5}: 0, {8, 5}: 1, {9, 5}: 1, {10, 5}: 1,
	{4, 6}: 0, {5, 6}: 0, {6, 6}: 2, {7, 6}: 1, {8, 6}: 2, {9, 6}: 2,
	{4, 7}: 0, {5, 7}: 0, {6, 7}: 1, {7, 7}: 0, {8, 7}: 1,
	{4, 8}: 0, {5, 8}: 0, {6, 8}: 2, {7, 8}: 1,
	{4, 9}: 0, {5, 9}: 0, {6, 9}: 1,
	{4, 10}: 0, {5, 10}: 0,
	{4, 11}: 0,
}

// String says the result as the tables do: "a draw", "the first player
// wins with stone 41".
func (b solvedBoard) String() string {
	if b.winner == 0 {
		return "a draw"
	}
	return fmt.Sprintf("the %s player wins with stone %d", [...]string{1: "first", 2: "second"}[b.winner], b.lastMove)
}

// tableText is the result as docs/sizes.md's table writes it: "draw",
// "1st, stone 41", "2nd, stone 24".
func (b solvedBoard) tableText() string {
	if b.winner == 0 {
		return "draw"
	}
	return fmt.Sprintf("%s, stone %d", [...]string{1: "1st", 2: "2nd"}[b.winner], b.lastMove)
}

// score is the empty board's score for the first player: a win whose
// winning stone is the n-th on the board scores 1 + (cells − n)/2 for the
// winner.
func (b solvedBoard) score(cells int) board.Score {
	v := board.Score(1 + (cells-b.lastMove)/2)
	switch b.winner {
	case 1:
		return v
	case 2:
		return -v
	}
	return 0
}

func TestSolvedBoardScores(t *testing.T) {
	// The formula against the one published score everyone knows: 7×6 is a
	// first-player win on move 41, score +1, and a draw scores 0.
	if got := solvedBoards[[2]int{7, 6}].score(42); got != 1 {
		t.Errorf("7×6 scores %d, want +1", got)
	}
	if got := solvedBoards[[2]int{6, 4}].score(24); got != -1 {
		t.Errorf("6×4 (second player wins with the last stone) scores %d, want -1", got)
	}
	if got := (solvedBoard{0, 30}).score(30); got != 0 {
		t.Errorf("a draw scores %d", got)
	}
}

// TestPublishedTables holds the two published tables to each other and to
// the rules, so that a mistyped entry fails: every outcome of Tromp's is
// Steininger's, every size is one the generator's geometry allows (4 to 12
// columns, at least 4 rows, at most 128 bits), a draw ends with the last
// cell, and a win with a stone of the winner (odd for the first player).
func TestPublishedTables(t *testing.T) {
	for size, winner := range trompOutcomes {
		if b, ok := solvedBoards[size]; !ok || b.winner != winner {
			t.Errorf("%d×%d: Tromp's winner %d, Steininger's %+v (present: %v)", size[0], size[1], winner, b, ok)
		}
	}
	for size, b := range solvedBoards {
		w, h := size[0], size[1]
		cells := w * h
		_, err := geom.New(w, h, 4)
		switch {
		case err != nil:
			t.Errorf("%d×%d is not a size the generator's geometry allows: %v", w, h, err)
		case w > 12 || h < 4:
			t.Errorf("%d×%d is not a size of the tables' 4 to 12 columns and at least 4 rows", w, h)
		case b.winner == 0 && b.lastMove != cells:
			t.Errorf("%d×%d: a draw ending with stone %d of %d", w, h, b.lastMove, cells)
		case b.winner != 0 && (b.lastMove < 7 || b.lastMove > cells || b.lastMove%2 != b.winner%2):
			t.Errorf("%d×%d: player %d wins with stone %d of %d", w, h, b.winner, b.lastMove, cells)
		}
	}
}

// TestVerifySizesList holds the Makefile's SIZES, the boards make
// verify-sizes solves, to the published table: every size of solvedBoards
// once, by cells and, among boards of as many cells, the wider first.
func TestVerifySizesList(t *testing.T) {
	makefile, err := os.ReadFile("../Makefile")
	if err != nil {
		t.Fatal(err)
	}
	_, list, ok := strings.Cut(string(makefile), "\nSIZES ?=")
	if !ok {
		t.Fatal("the Makefile sets no SIZES ?=")
	}
	var got []string
	for line := range strings.Lines(list) {
		got = append(got, strings.Fields(strings.TrimSuffix(strings.TrimSpace(line), "\\"))...)
		if !strings.HasSuffix(strings.TrimSpace(line), "\\") {
			break
		}
	}
	sizes := slices.Collect(maps.Keys(solvedBoards))
	slices.SortFunc(sizes, func(a, b [2]int) int {
		return cmp.Or(cmp.Compare(a[0]*a[1], b[0]*b[1]), cmp.Compare(b[0], a[0]))
	})
	var want []string
	for _, size := range sizes {
		want = append(want, fmt.Sprintf("%dx%d", size[0], size[1]))
	}
	if !slices.Equal(got, want) {
		t.Errorf("the Makefile's SIZES are\n\t%s\nwant every published size by cells, the wider first:\n\t%s",
			strings.Join(got, " "), strings.Join(want, " "))
	}
}

// TestSizesDocTable holds docs/sizes.md's table of sizes to the published
// tables: a row for every size of solvedBoards, each with its outcome and
// last move, Tromp's outcome where he gives one, and the score they make.
func TestSizesDocTable(t *testing.T) {
	doc, err := os.ReadFile("../docs/sizes.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := map[[2]int][]string{}
	for line := range strings.Lines(string(doc)) {
		cells := strings.Split(strings.TrimSpace(line), "|")
		var w, h int
		if len(cells) < 7 || cells[0] != "" {
			continue
		}
		if _, err := fmt.Sscanf(strings.TrimSpace(cells[1]), "%d×%d", &w, &h); err != nil {
			continue
		}
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		rows[[2]int{w, h}] = cells[1:]
	}
	for size, b := range solvedBoards {
		row, ok := rows[size]
		name := fmt.Sprintf("%d×%d", size[0], size[1])
		if !ok {
			t.Errorf("docs/sizes.md's table has no row for %s", name)
			continue
		}
		tromp := ""
		if winner, ok := trompOutcomes[size]; ok {
			tromp = [...]string{"=", "+", "-"}[winner]
		}
		want := []string{name, fmt.Sprint(size[0] * (size[1] + 1)), b.tableText(), tromp, fmt.Sprint(b.score(size[0] * size[1]))}
		if !slices.Equal(row[:len(want)], want) {
			t.Errorf("docs/sizes.md's row of %s reads %q, the published tables %q", name, row[:len(want)], want)
		}
		delete(rows, size)
	}
	for size := range rows {
		t.Errorf("docs/sizes.md's table has a row for %d×%d, which the published table does not list", size[0], size[1])
	}
}

// TestEmptyBoardAsPublished solves the empty board of the engine's size and
// checks outcome and score against the published table.
func TestEmptyBoardAsPublished(t *testing.T) {
	skipUnlessFourInARow(t)
	want, ok := solvedBoards[[2]int{board.Width, board.Height}]
	if !ok {
		t.Skipf("no published result for %d×%d", board.Width, board.Height)
	}
	if board.Cells > 30 && !*longSizes {
		t.Skipf("%d×%d has %d cells: the empty board takes long; run with -sizes.long (make verify-sizes)", board.Width, board.Height, board.Cells)
	}
	s := mustSolver(t, *sizesMiB)
	got, err := s.Solve(context.Background(), board.Position{})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d×%d: score %d (published: %v), %d nodes, %v", board.Width, board.Height, got, want, s.Stats().Nodes, s.Stats().Elapsed)
	if got.Outcome() != want.score(board.Cells).Outcome() || got != want.score(board.Cells) {
		t.Errorf("%d×%d: the empty board scores %d, the published result (%v) gives %d",
			board.Width, board.Height, got, want, want.score(board.Cells))
	}
}

// plainBoard is a position for plainNegamax: the cells of each player,
// built and judged with internal/geom alone.
type plainBoard struct {
	g       geom.Geometry
	through [][]geom.Set // by bit: the sets of geom's lines through the cell
	stones  [2]geom.Set  // by player, 0 first
	heights []int
	moves   int
}

// completes reports whether a stone of player on c makes four, by geom's
// lines through c.
func (b *plainBoard) completes(player int, c geom.Cell) bool {
	s := b.stones[player].Or(b.g.SetOf(c))
	for _, m := range b.through[b.g.Bit(c)] {
		if s.And(m) == m {
			return true
		}
	}
	return false
}

// plainNegamax is the score of b for the side to move by exhaustive
// negamax: no table, no pruning, no ordering.
func plainNegamax(b *plainBoard) int {
	cells := b.g.Cells()
	if b.moves == cells {
		return 0
	}
	me := b.moves & 1
	for col := range b.g.Width { // a win with this stone ends the game
		if b.heights[col] < b.g.Height && b.completes(me, geom.Cell{Col: col, Row: b.heights[col]}) {
			return (cells + 1 - b.moves) / 2
		}
	}
	best := -cells
	for col := range b.g.Width {
		if b.heights[col] == b.g.Height {
			continue
		}
		cell := b.g.SetOf(geom.Cell{Col: col, Row: b.heights[col]})
		b.stones[me] = b.stones[me].Or(cell)
		b.heights[col]++
		b.moves++
		best = max(best, -plainNegamax(b))
		b.moves--
		b.heights[col]--
		b.stones[me] = b.stones[me].AndNot(cell)
	}
	return best
}

// TestAgainstPlainNegamax solves random positions near the end of a game
// and compares each score with plainNegamax's.
func TestAgainstPlainNegamax(t *testing.T) {
	count, empty := 300, 12
	if testing.Short() {
		count = 60
	}
	rng := rand.New(rand.NewPCG(uint64(board.Width), uint64(board.Height)))
	g := geom.Geometry{Width: board.Width, Height: board.Height, InARow: board.InARow}
	s := mustSolver(t, 16)
	for checked := 0; checked < count; {
		p, b, ok := randomPlainPosition(rng, g, board.Cells-empty)
		if !ok {
			continue
		}
		checked++
		got, err := s.Solve(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		if want := plainNegamax(&b); int(got) != want {
			t.Fatalf("%d×%d %q: Solve = %d, plain negamax = %d", board.Width, board.Height, p, got, want)
		}
	}
}

// randomPlainPosition plays random moves until n stones are down and
// returns the position as the engine and as plainNegamax see it; ok is
// false when the game ended on the way or the side to move can win at once.
func randomPlainPosition(rng *rand.Rand, g geom.Geometry, n int) (board.Position, plainBoard, bool) {
	var p board.Position
	b := plainBoard{g: g, heights: make([]int, g.Width), through: make([][]geom.Set, g.Span())}
	for _, l := range g.Lines() {
		for _, c := range l.Cells {
			b.through[g.Bit(c)] = append(b.through[g.Bit(c)], g.LineSet(l))
		}
	}
	var moves []int
	for b.moves < n {
		col := rng.IntN(g.Width)
		if b.heights[col] == g.Height {
			continue
		}
		if p.IsWinningMove(col) {
			return p, b, false
		}
		p.Play(col)
		b.stones[b.moves&1] = b.stones[b.moves&1].Or(g.SetOf(geom.Cell{Col: col, Row: b.heights[col]}))
		b.heights[col]++
		b.moves++
		moves = append(moves, col)
	}
	if p.CanWinNow() || g.HasFourSet(b.stones[0]) || g.HasFourSet(b.stones[1]) {
		return p, b, false
	}
	if q, err := board.Parse(board.MoveString(moves)); err != nil || q != p {
		panic(fmt.Sprintf("%v: parse gives %v, %v", moves, q, err))
	}
	return p, b, true
}
