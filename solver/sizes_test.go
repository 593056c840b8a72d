package solver

import (
	"github.com/fourgen/fourgen/board"

	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"testing"

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

// solvedBoards is the table of solved boards published by John Tromp (width
// + height up to 15) and Christophe Steininger beyond, by width and height.
var solvedBoards = map[[2]int]solvedBoard{
	{4, 4}: {0, 16}, {5, 4}: {0, 20}, {6, 4}: {2, 24}, {7, 4}: {0, 28}, {8, 4}: {2, 32}, {9, 4}: {2, 36},
	{4, 5}: {0, 20}, {5, 5}: {0, 25}, {6, 5}: {0, 30}, {7, 5}: {0, 35}, {8, 5}: {1, 39}, {9, 5}: {1, 41},
	{4, 6}: {0, 24}, {5, 6}: {0, 30}, {6, 6}: {2, 36}, {7, 6}: {1, 41}, {8, 6}: {2, 48}, {9, 6}: {2, 52},
	{4, 7}: {0, 28}, {5, 7}: {0, 35}, {6, 7}: {1, 41}, {7, 7}: {0, 49}, {8, 7}: {1, 53},
	{4, 8}: {0, 32}, {5, 8}: {0, 40}, {6, 8}: {2, 48}, {7, 8}: {1, 55},
	{4, 9}: {0, 36}, {5, 9}: {0, 45}, {6, 9}: {1, 53},
	{4, 10}: {0, 40}, {5, 10}: {0, 50},
	{4, 11}: {0, 44}, {5, 11}: {0, 55},
	{4, 12}: {0, 48}, {4, 13}: {0, 52},
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

// TestEmptyBoardAsPublished solves the empty board of the engine's size and
// checks outcome and score against the published table.
func TestEmptyBoardAsPublished(t *testing.T) {
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
	t.Logf("%d×%d: score %d, %d nodes, %v", board.Width, board.Height, got, s.Stats().Nodes, s.Stats().Elapsed)
	if got.Outcome() != want.score(board.Cells).Outcome() || got != want.score(board.Cells) {
		t.Errorf("%d×%d: the empty board scores %d, the published result (winner %d on move %d) gives %d",
			board.Width, board.Height, got, want.winner, want.lastMove, want.score(board.Cells))
	}
}

// plainBoard is a position for plainNegamax: the cells of each player,
// built and judged with internal/geom alone.
type plainBoard struct {
	g       geom.Geometry
	through [][]uint64 // by bit: the masks of geom's lines through the cell
	stones  [2]uint64  // by player, 0 first
	heights []int
	moves   int
}

// completes reports whether a stone of player on c makes four, by geom's
// lines through c.
func (b *plainBoard) completes(player int, c geom.Cell) bool {
	s := b.stones[player] | b.g.Mask(c)
	for _, m := range b.through[b.g.Bit(c)] {
		if s&m == m {
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
		cell := b.g.Mask(geom.Cell{Col: col, Row: b.heights[col]})
		b.stones[me] |= cell
		b.heights[col]++
		b.moves++
		best = max(best, -plainNegamax(b))
		b.moves--
		b.heights[col]--
		b.stones[me] &^= cell
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
	g := geom.Geometry{Width: board.Width, Height: board.Height}
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
	b := plainBoard{g: g, heights: make([]int, g.Width), through: make([][]uint64, g.Bits())}
	for _, l := range g.Lines() {
		for _, c := range l.Cells {
			b.through[g.Bit(c)] = append(b.through[g.Bit(c)], g.LineMask(l))
		}
	}
	var moves []byte
	for b.moves < n {
		col := rng.IntN(g.Width)
		if b.heights[col] == g.Height {
			continue
		}
		if p.IsWinningMove(col) {
			return p, b, false
		}
		p.Play(col)
		b.stones[b.moves&1] |= g.Mask(geom.Cell{Col: col, Row: b.heights[col]})
		b.heights[col]++
		b.moves++
		moves = append(moves, board.ColumnChar(col))
	}
	if p.CanWinNow() || g.HasFour(b.stones[0]) || g.HasFour(b.stones[1]) {
		return p, b, false
	}
	if q, err := board.Parse(string(moves)); err != nil || q != p {
		panic(fmt.Sprintf("%q: parse gives %v, %v", moves, q, err))
	}
	return p, b, true
}
