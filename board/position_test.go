package board

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/internal/geom"
	"github.com/fourgen/fourgen/internal/longtest"
)

// refGeom is the engine's geometry, for the slow reference predicates of
// internal/geom.
var refGeom = geom.Geometry{Width: Width, Height: Height}

// drawModel is the documented drawing of [Position.String] of the model's
// board: x for the first player, o for the second, top row first, column
// numbers underneath.
func drawModel(m *geom.Model) string {
	var b strings.Builder
	cell := len(strconv.Itoa(Width)) + 1
	for row := Height - 1; row >= 0; row-- {
		for col := range Width {
			fmt.Fprintf(&b, "%*s", cell, []string{".", "x", "o"}[m.Owner[col][row]])
		}
		b.WriteString("\n")
	}
	for col := range Width {
		fmt.Fprintf(&b, "%*d", cell, col+1)
	}
	return b.String() + "\n"
}

// modelOf replays a move string of valid, legal moves on the model.
func modelOf(moves string) *geom.Model {
	m := refGeom.NewModel()
	cols, _, _ := ReadMoves(moves, false)
	for _, col := range cols {
		m.Play(col)
	}
	return m
}

// playRandomGame plays a random game (geom.RandomGame) and calls visit with
// every position on the way, the last one included, its move string and
// the model.
func playRandomGame(rng *rand.Rand, visit func(moves string, p Position, m *geom.Model)) {
	refGeom.RandomGame(rng, func(cols []int, m *geom.Model) {
		var p Position
		for _, col := range cols {
			p.Play(col)
		}
		visit(MoveString(cols), p, m)
	})
}

// findDrawnGame returns the move string of a drawn game (geom.DrawnGame).
func findDrawnGame(t *testing.T, rng *rand.Rand) string {
	t.Helper()
	cols, ok := refGeom.DrawnGame(rng)
	if !ok {
		t.Fatal("no drawn game found")
	}
	return MoveString(cols)
}

// checkPosition holds p to the model; with threats it also asks the
// reference about every threat, which costs about half a millisecond.
func checkPosition(t *testing.T, moves string, p Position, m *geom.Model, threats bool) {
	t.Helper()
	fail := func(what string, got, want any) {
		t.Helper()
		t.Fatalf("after %q: %s = %v, want %v\n%s", moves, what, got, want, drawModel(m))
	}
	cur, opp := m.Stones(m.ToMove()), m.Stones(3-m.ToMove())
	switch {
	case p.Moves() != m.Moves:
		fail("Moves", p.Moves(), m.Moves)
	case p.ToMove() != m.ToMove():
		fail("ToMove", p.ToMove(), m.ToMove())
	case p.Current() != cur:
		fail("Current", refGeom.CellsOf(p.Current()), refGeom.CellsOf(cur))
	case p.Opponent() != opp:
		fail("Opponent", refGeom.CellsOf(p.Opponent()), refGeom.CellsOf(opp))
	case p.Occupied() != cur|opp:
		fail("Occupied", refGeom.CellsOf(p.Occupied()), refGeom.CellsOf(cur|opp))
	case p.IsFull() != (m.Moves == Cells):
		fail("IsFull", p.IsFull(), m.Moves == Cells)
	case p.IsWon() != m.Won():
		fail("IsWon", p.IsWon(), m.Won())
	case p.String() != drawModel(m):
		fail("String", "\n"+p.String(), "\n"+drawModel(m))
	}
	var legal uint64
	for col := -1; col <= Width; col++ {
		playable := col >= 0 && col < Width && m.Height[col] < Height
		if p.CanPlay(col) != playable {
			fail(fmt.Sprintf("CanPlay(%d)", col), p.CanPlay(col), playable)
		}
		if col < 0 || col == Width {
			continue
		}
		if p.Height(col) != m.Height[col] {
			fail("Height", p.Height(col), m.Height[col])
		}
		if playable {
			legal |= refGeom.Mask(geom.Cell{Col: col, Row: m.Height[col]})
		}
	}
	if p.Legal() != legal {
		fail("Legal", refGeom.CellsOf(p.Legal()), refGeom.CellsOf(legal))
	}
	if !threats || p.IsWon() {
		return
	}
	canWin := false
	for col := range Width {
		if m.Height[col] == Height {
			continue
		}
		want := refGeom.CompletesFour(cur, geom.Cell{Col: col, Row: m.Height[col]})
		canWin = canWin || want
		if p.IsWinningMove(col) != want {
			fail("IsWinningMove", p.IsWinningMove(col), want)
		}
	}
	if p.CanWinNow() != canWin {
		fail("CanWinNow", p.CanWinNow(), canWin)
	}
	if w := refGeom.WinningCells(cur, cur|opp); p.WinningCells() != w {
		fail("WinningCells", refGeom.CellsOf(p.WinningCells()), refGeom.CellsOf(w))
	}
	if w := refGeom.WinningCells(opp, cur|opp); p.OpponentWinningCells() != w {
		fail("OpponentWinningCells", refGeom.CellsOf(p.OpponentWinningCells()), refGeom.CellsOf(w))
	}
}

func TestPositionAgainstModel(t *testing.T) {
	games := longtest.Pick(40, 100, 300)
	rng := rand.New(rand.NewPCG(7, 6))
	n := 0
	for range games {
		playRandomGame(rng, func(moves string, p Position, m *geom.Model) {
			n++
			checkPosition(t, moves, p, m, n%3 == 0)
			if q, err := Parse(moves); err != nil || q != p {
				t.Fatalf("Parse(%q) = %v, %v; Play gave %v", moves, q, err, p)
			}
		})
	}
}

func TestFullBoard(t *testing.T) {
	moves := findDrawnGame(t, rand.New(rand.NewPCG(42, 0)))
	p, err := Parse(moves)
	if err != nil {
		t.Fatalf("Parse(%q): %v", moves, err)
	}
	checkPosition(t, moves, p, modelOf(moves), true)
	if !p.IsFull() || p.IsWon() || p.Legal() != 0 || p.CanWinNow() || p.WinningCells() != 0 {
		t.Errorf("drawn game %q: IsFull %v, IsWon %v, Legal %#x, CanWinNow %v, WinningCells %#x",
			moves, p.IsFull(), p.IsWon(), p.Legal(), p.CanWinNow(), p.WinningCells())
	}
}

func TestPlay(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 200 {
		playRandomGame(rng, func(moves string, p Position, m *geom.Model) {
			if p.IsWon() {
				return
			}
			for col := range Width {
				if !p.CanPlay(col) {
					continue
				}
				cell := refGeom.Mask(geom.Cell{Col: col, Row: m.Height[col]})
				q := p
				q.Play(col)
				switch {
				case q.Moves() != p.Moves()+1:
					t.Fatalf("%q+%d: Moves %d", moves, col+1, q.Moves())
				case q.Occupied() != p.Occupied()|cell:
					t.Fatalf("%q+%d: Occupied %#x, want %#x", moves, col+1, q.Occupied(), p.Occupied()|cell)
				case q.Current() != p.Opponent() || q.Opponent() != p.Current()|cell:
					t.Fatalf("%q+%d: sides not swapped with the stone added", moves, col+1)
				case q.IsWon() != p.IsWinningMove(col):
					t.Fatalf("%q+%d: IsWon %v after IsWinningMove %v", moves, col+1, q.IsWon(), p.IsWinningMove(col))
				}
				r := p
				r.PlayMove(cell)
				if r != q {
					t.Fatalf("%q: PlayMove(%#x) = %+v, Play(%d) = %+v", moves, cell, r, col, q)
				}
			}
		})
	}
}

// reachablePositions lists every position reachable in at most depth plies, stopping
// at wins, with its move string (one of its move orders).
func reachablePositions(depth int) map[Position]string {
	seen := map[Position]string{{}: ""}
	frontier := []Position{{}}
	for range depth {
		var next []Position
		for _, p := range frontier {
			if p.IsWon() {
				continue
			}
			for col := range Width {
				if !p.CanPlay(col) {
					continue
				}
				q := p
				q.Play(col)
				if _, ok := seen[q]; !ok {
					seen[q] = Usual().Append(seen[p], col)
					next = append(next, q)
				}
			}
		}
		frontier = next
	}
	return seen
}

func TestKeyUnique(t *testing.T) {
	depth := 8
	if testing.Short() {
		depth = 6
	}
	// Two positions are the same iff the model draws the same board.
	byKey := make(map[uint64]string)
	byBoard := make(map[string]uint64)
	byCanonical := make(map[uint64]string)
	for p, moves := range reachablePositions(depth) {
		board := drawModel(modelOf(moves))
		key := p.Key()
		if key>>(KeyBits-1)>>1 != 0 { // key ≥ 2^KeyBits, written so that KeyBits may be 64
			t.Fatalf("%q: Key %#x is not below 2^%d", moves, key, KeyBits)
		}
		if other, ok := byKey[key]; ok && other != board {
			t.Fatalf("%q: Key %#x is shared by two boards:\n%s\n%s", moves, key, other, board)
		}
		if other, ok := byBoard[board]; ok && other != key {
			t.Fatalf("%q: one board has keys %#x and %#x", moves, other, key)
		}
		byKey[key], byBoard[board] = board, key

		mirrored := p.Mirror()
		ck := p.CanonicalKey()
		if ck != min(key, mirrored.Key()) || ck != mirrored.CanonicalKey() {
			t.Fatalf("%q: CanonicalKey %#x, keys %#x and mirrored %#x", moves, ck, key, mirrored.Key())
		}
		// The canonical key identifies a board up to mirroring.
		canonicalBoard := min(board, drawModel(modelOf(mirrorMoves(moves))))
		if other, ok := byCanonical[ck]; ok && other != canonicalBoard {
			t.Fatalf("%q: CanonicalKey %#x is shared by two boards that are not mirrors", moves, ck)
		}
		byCanonical[ck] = canonicalBoard
	}
	if len(byKey) != len(byBoard) {
		t.Errorf("%d keys for %d boards", len(byKey), len(byBoard))
	}
	t.Logf("%d positions within %d plies, %d up to mirroring", len(byKey), depth, len(byCanonical))
}

// mirrorMoves reflects a move string: column c becomes column Width+1-c.
func mirrorMoves(moves string) string {
	cols, _, _ := ReadMoves(moves, false)
	for i, c := range cols {
		cols[i] = Width - 1 - c
	}
	return MoveString(cols)
}

func TestMirror(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for range 200 {
		playRandomGame(rng, func(moves string, p Position, m *geom.Model) {
			mp := p.Mirror()
			if mp.Mirror() != p {
				t.Fatalf("%q: Mirror twice is not the identity", moves)
			}
			want, err := Parse(mirrorMoves(moves))
			if err != nil {
				t.Fatalf("Parse(%q): %v", mirrorMoves(moves), err)
			}
			if mp != want {
				t.Fatalf("%q: Mirror\n%v is not %q\n%v", moves, mp, mirrorMoves(moves), want)
			}
			for col := range Width {
				if mp.Height(col) != p.Height(Width-1-col) {
					t.Fatalf("%q: Mirror moves column %d's stones", moves, col+1)
				}
			}
		})
	}
}

// TestMirrorWord checks the word-level reflection on every bit against the
// geometry: cell (c, r) goes to (Width-1-c, r), guard bits to guard bits.
func TestMirrorWord(t *testing.T) {
	for b := range refGeom.Bits() {
		got := MirrorWord(1 << b)
		col, row := b/ColumnBits, b%ColumnBits
		if want := uint64(1) << ((Width-1-col)*ColumnBits + row); got != want {
			t.Errorf("MirrorWord(bit %d) = %#x, want %#x", b, got, want)
		}
	}
	for _, m := range []uint64{BoardMask, GuardMask, BottomMask, OddRowsMask, EvenRowsMask} {
		if MirrorWord(m) != m {
			t.Errorf("MirrorWord(%#x) = %#x, want the symmetric mask unchanged", m, MirrorWord(m))
		}
	}
	if MirrorWord(^uint64(0)) != BoardMask|GuardMask {
		t.Errorf("mirror drops or invents bits: MirrorWord(all ones) = %#x", MirrorWord(^uint64(0)))
	}
}

func TestCellHelpers(t *testing.T) {
	for col := range Width {
		if got, want := topCell(col), refGeom.Mask(geom.Cell{Col: col, Row: Height - 1}); got != want {
			t.Errorf("topCell(%d) = %#x, want %#x", col, got, want)
		}
		if got, want := bottomCell(col), refGeom.Mask(geom.Cell{Col: col}); got != want {
			t.Errorf("bottomCell(%d) = %#x, want %#x", col, got, want)
		}
	}
}

// sinkPos and sinkWord keep the compiler from dropping the calls measured
// by TestHotPathAllocs and the threat benchmarks.
var (
	sinkPos  Position
	sinkWord uint64
	sinkBool bool
)

func TestHotPathAllocs(t *testing.T) {
	p, err := Parse(moves1(4, 4, 2, 3))
	if err != nil {
		t.Fatal(err)
	}
	move := p.Legal() & -p.Legal()
	for _, tt := range []struct {
		name string
		f    func()
	}{
		{"Play", func() { q := p; q.Play(3); sinkPos = q }},
		{"PlayMove", func() { q := p; q.PlayMove(move); sinkPos = q }},
		{"IsWinningMove", func() { sinkBool = p.IsWinningMove(2) }},
		{"CanWinNow", func() { sinkBool = p.CanWinNow() }},
		{"WinningCells", func() { sinkWord = p.WinningCells() }},
		{"OpponentWinningCells", func() { sinkWord = p.OpponentWinningCells() }},
		{"IsWon", func() { sinkBool = p.IsWon() }},
		{"Legal", func() { sinkWord = p.Legal() }},
		{"Key", func() { sinkWord = p.Key() }},
		{"CanonicalKey", func() { sinkWord = p.CanonicalKey() }},
		{"Mirror", func() { sinkPos = p.Mirror() }},
	} {
		if n := testing.AllocsPerRun(100, tt.f); n != 0 {
			t.Errorf("%s allocates %.1f times per call, want 0", tt.name, n)
		}
	}
	if bits.OnesCount64(move) != 1 {
		t.Fatalf("no legal move in %v", p)
	}
}
