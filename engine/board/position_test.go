package board

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/internal/geom"
	"github.com/fourgen/fourgen/internal/longtest"
)

// refGeom is the engine's geometry, for the slow reference predicates of
// internal/geom.
var refGeom = geom.Geometry{Width: Width, Height: Height, InARow: InARow}

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
	if !ok && InARow < 4 {
		t.Skipf("no drawn game found at %d in a row, whose short lines leave a full board few or none", InARow)
	}
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
	cur, opp := fromSet(m.StonesSet(m.ToMove())), fromSet(m.StonesSet(3-m.ToMove()))
	cells := func(x Bits) []geom.Cell { return refGeom.CellsOfSet(toSet(x)) }
	switch {
	case p.Moves() != m.Moves:
		fail("Moves", p.Moves(), m.Moves)
	case p.ToMove() != m.ToMove():
		fail("ToMove", p.ToMove(), m.ToMove())
	case p.Current() != cur:
		fail("Current", cells(p.Current()), cells(cur))
	case p.Opponent() != opp:
		fail("Opponent", cells(p.Opponent()), cells(opp))
	case p.Occupied() != cur.Or(opp):
		fail("Occupied", cells(p.Occupied()), cells(cur.Or(opp)))
	case p.IsFull() != (m.Moves == Cells):
		fail("IsFull", p.IsFull(), m.Moves == Cells)
	case p.IsWon() != m.Won():
		fail("IsWon", p.IsWon(), m.Won())
	case p.String() != drawModel(m):
		fail("String", "\n"+p.String(), "\n"+drawModel(m))
	}
	legal := NoCells
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
			legal = legal.Or(cellSet(col, m.Height[col]))
		}
	}
	if p.Legal() != legal {
		fail("Legal", cells(p.Legal()), cells(legal))
	}
	if !threats || p.IsWon() {
		return
	}
	canWin := false
	for col := range Width {
		if m.Height[col] == Height {
			continue
		}
		want := refGeom.CompletesFourSet(toSet(cur), geom.Cell{Col: col, Row: m.Height[col]})
		canWin = canWin || want
		if p.IsWinningMove(col) != want {
			fail("IsWinningMove", p.IsWinningMove(col), want)
		}
	}
	if p.CanWinNow() != canWin {
		fail("CanWinNow", p.CanWinNow(), canWin)
	}
	if w := fromSet(refGeom.WinningCellsSet(toSet(cur), toSet(cur.Or(opp)))); p.WinningCells() != w {
		fail("WinningCells", cells(p.WinningCells()), cells(w))
	}
	if w := fromSet(refGeom.WinningCellsSet(toSet(opp), toSet(cur.Or(opp)))); p.OpponentWinningCells() != w {
		fail("OpponentWinningCells", cells(p.OpponentWinningCells()), cells(w))
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
	if !p.IsFull() || p.IsWon() || !p.Legal().IsZero() || p.CanWinNow() || !p.WinningCells().IsZero() {
		t.Errorf("drawn game %q: IsFull %v, IsWon %v, Legal %s, CanWinNow %v, WinningCells %s",
			moves, p.IsFull(), p.IsWon(), p.Legal().Hex(), p.CanWinNow(), p.WinningCells().Hex())
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
				cell := cellSet(col, m.Height[col])
				q := p
				q.Play(col)
				switch {
				case q.Moves() != p.Moves()+1:
					t.Fatalf("%q+%d: Moves %d", moves, col+1, q.Moves())
				case q.Occupied() != p.Occupied().Or(cell):
					t.Fatalf("%q+%d: Occupied %s, want %s", moves, col+1, q.Occupied().Hex(), p.Occupied().Or(cell).Hex())
				case q.Current() != p.Opponent() || q.Opponent() != p.Current().Or(cell):
					t.Fatalf("%q+%d: sides not swapped with the stone added", moves, col+1)
				case q.IsWon() != p.IsWinningMove(col):
					t.Fatalf("%q+%d: IsWon %v after IsWinningMove %v", moves, col+1, q.IsWon(), p.IsWinningMove(col))
				}
				r := p
				r.PlayMove(cell)
				if r != q {
					t.Fatalf("%q: PlayMove(%s) = %+v, Play(%d) = %+v", moves, cell.Hex(), r, col, q)
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
	byKey := make(map[Bits]string)
	byBoard := make(map[string]Bits)
	byCanonical := make(map[Bits]string)
	for p, moves := range reachablePositions(depth) {
		board := drawModel(modelOf(moves))
		key := p.Key()
		if !belowKeyBits(key) {
			t.Fatalf("%q: Key %s is not below 2^%d", moves, key.Hex(), KeyBits)
		}
		if other, ok := byKey[key]; ok && other != board {
			t.Fatalf("%q: Key %s is shared by two boards:\n%s\n%s", moves, key.Hex(), other, board)
		}
		if other, ok := byBoard[board]; ok && other != key {
			t.Fatalf("%q: one board has keys %s and %s", moves, other.Hex(), key.Hex())
		}
		byKey[key], byBoard[board] = board, key

		mirrored := p.Mirror()
		ck := p.CanonicalKey()
		if ck != minKey(key, mirrored.Key()) || ck != mirrored.CanonicalKey() {
			t.Fatalf("%q: CanonicalKey %s, keys %s and mirrored %s", moves, ck.Hex(), key.Hex(), mirrored.Key().Hex())
		}
		// The canonical key identifies a board up to mirroring.
		canonicalBoard := min(board, drawModel(modelOf(mirrorMoves(moves))))
		if other, ok := byCanonical[ck]; ok && other != canonicalBoard {
			t.Fatalf("%q: CanonicalKey %s is shared by two boards that are not mirrors", moves, ck.Hex())
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
	for col := range Width {
		for row := range ColumnBits { // row Height is the guard bit
			b := refGeom.Bit(geom.Cell{Col: col, Row: row})
			got := MirrorWord(bitOf(b))
			if want := bitOf(refGeom.Bit(geom.Cell{Col: Width - 1 - col, Row: row})); got != want {
				t.Errorf("MirrorWord(bit %d) = %s, want %s", b, got.Hex(), want.Hex())
			}
		}
	}
	for _, m := range []Bits{BoardMask, GuardMask, BottomMask, OddRowsMask, EvenRowsMask} {
		if MirrorWord(m) != m {
			t.Errorf("MirrorWord(%s) = %s, want the symmetric mask unchanged", m.Hex(), MirrorWord(m).Hex())
		}
	}
	all := BitsFromWords(^uint64(0), ^uint64(0))
	if MirrorWord(all) != BoardMask.Or(GuardMask) {
		t.Errorf("mirror drops or invents bits: MirrorWord(all ones) = %s", MirrorWord(all).Hex())
	}
}

func TestCellHelpers(t *testing.T) {
	for col := range Width {
		if got, want := topCell(col), cellSet(col, Height-1); got != want {
			t.Errorf("topCell(%d) = %s, want %s", col, got.Hex(), want.Hex())
		}
		if got, want := bottomCell(col), cellSet(col, 0); got != want {
			t.Errorf("bottomCell(%d) = %s, want %s", col, got.Hex(), want.Hex())
		}
	}
}

// sinkPos and sinkWord keep the compiler from dropping the calls measured
// by TestHotPathAllocs and the threat benchmarks.
var (
	sinkPos  Position
	sinkWord Bits
	sinkBool bool
)

func TestHotPathAllocs(t *testing.T) {
	p, err := Parse(moves1(4, 4, 2, 3))
	if err != nil {
		t.Fatal(err)
	}
	move := p.Legal().Lowest()
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
	if move.OnesCount() != 1 {
		t.Fatalf("no legal move in %v", p)
	}
}
