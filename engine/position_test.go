package engine

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/internal/geom"
)

// refGeom is the engine's geometry, for the slow reference predicates of
// internal/geom.
var refGeom = geom.Geometry{Width: Width, Height: Height}

// boardModel is the plain model the tests hold [Position] to: a grid of
// owners, filled move by move, with no bit tricks.
type boardModel struct {
	owner  [Width][Height]int // 0 for empty, else the player, 1 or 2
	height [Width]int
	moves  int
}

func (m *boardModel) play(col int) {
	m.owner[col][m.height[col]] = 1 + m.moves%2
	m.height[col]++
	m.moves++
}

func (m *boardModel) toMove() int { return 1 + m.moves%2 }

// stones is the mask of the player's stones, built cell by cell by geom.
func (m *boardModel) stones(player int) uint64 {
	var s uint64
	for col := range Width {
		for row := range Height {
			if m.owner[col][row] == player {
				s |= refGeom.Mask(geom.Cell{Col: col, Row: row})
			}
		}
	}
	return s
}

// won reports whether the player who just moved has four, by the reference.
func (m *boardModel) won() bool { return m.moves > 0 && refGeom.HasFour(m.stones(3-m.toMove())) }

// draw is the documented drawing of [Position.String]: x for the first
// player, o for the second, top row first, column numbers underneath.
func (m *boardModel) draw() string {
	var b strings.Builder
	for row := Height - 1; row >= 0; row-- {
		for col := range Width {
			b.WriteString([]string{" .", " x", " o"}[m.owner[col][row]])
		}
		b.WriteString("\n")
	}
	for col := range Width {
		b.WriteString(" " + string(ColumnChar(col)))
	}
	return b.String() + "\n"
}

// modelOf replays a move string of valid, legal moves on the model.
func modelOf(moves string) *boardModel {
	m := new(boardModel)
	for i := range len(moves) {
		m.play(int(moves[i] - '1'))
	}
	return m
}

// playRandomGame plays uniformly random legal moves from the empty board
// until a four or a full board and calls visit with every position on the
// way, the last one included, and its move string.
func playRandomGame(rng *rand.Rand, visit func(moves string, p Position, m *boardModel)) {
	var p Position
	m := new(boardModel)
	var moves []byte
	for {
		visit(string(moves), p, m)
		if m.won() || m.moves == Cells {
			return
		}
		col := rng.IntN(Width)
		for m.height[col] == Height {
			col = rng.IntN(Width)
		}
		p.Play(col)
		m.play(col)
		moves = append(moves, ColumnChar(col))
	}
}

// findDrawnGame plays random games that avoid winning moves, by the
// reference, until one fills the board without a four.
func findDrawnGame(t *testing.T, rng *rand.Rand) string {
	t.Helper()
	for range 1000 {
		m := new(boardModel)
		var moves []byte
		for m.moves < Cells && !m.won() {
			var safe, any []int
			for col := range Width {
				if m.height[col] == Height {
					continue
				}
				any = append(any, col)
				if !refGeom.CompletesFour(m.stones(m.toMove()), geom.Cell{Col: col, Row: m.height[col]}) {
					safe = append(safe, col)
				}
			}
			if len(safe) > 0 {
				any = safe
			}
			col := any[rng.IntN(len(any))]
			m.play(col)
			moves = append(moves, ColumnChar(col))
		}
		if m.moves == Cells && !m.won() && !refGeom.HasFour(m.stones(1)) && !refGeom.HasFour(m.stones(2)) {
			return string(moves)
		}
	}
	t.Fatal("no drawn game found")
	return ""
}

// checkPosition holds p to the model; with threats it also asks the
// reference about every threat, which costs about half a millisecond.
func checkPosition(t *testing.T, moves string, p Position, m *boardModel, threats bool) {
	t.Helper()
	fail := func(what string, got, want any) {
		t.Helper()
		t.Fatalf("after %q: %s = %v, want %v\n%s", moves, what, got, want, m.draw())
	}
	cur, opp := m.stones(m.toMove()), m.stones(3-m.toMove())
	switch {
	case p.Moves() != m.moves:
		fail("Moves", p.Moves(), m.moves)
	case p.ToMove() != m.toMove():
		fail("ToMove", p.ToMove(), m.toMove())
	case p.Current() != cur:
		fail("Current", refGeom.CellsOf(p.Current()), refGeom.CellsOf(cur))
	case p.Opponent() != opp:
		fail("Opponent", refGeom.CellsOf(p.Opponent()), refGeom.CellsOf(opp))
	case p.Occupied() != cur|opp:
		fail("Occupied", refGeom.CellsOf(p.Occupied()), refGeom.CellsOf(cur|opp))
	case p.IsFull() != (m.moves == Cells):
		fail("IsFull", p.IsFull(), m.moves == Cells)
	case p.IsWon() != m.won():
		fail("IsWon", p.IsWon(), m.won())
	case p.String() != m.draw():
		fail("String", "\n"+p.String(), "\n"+m.draw())
	}
	var legal uint64
	for col := -1; col <= Width; col++ {
		playable := col >= 0 && col < Width && m.height[col] < Height
		if p.CanPlay(col) != playable {
			fail(fmt.Sprintf("CanPlay(%d)", col), p.CanPlay(col), playable)
		}
		if col < 0 || col == Width {
			continue
		}
		if p.Height(col) != m.height[col] {
			fail("Height", p.Height(col), m.height[col])
		}
		if playable {
			legal |= refGeom.Mask(geom.Cell{Col: col, Row: m.height[col]})
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
		if m.height[col] == Height {
			continue
		}
		want := refGeom.CompletesFour(cur, geom.Cell{Col: col, Row: m.height[col]})
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
	games := 300
	if testing.Short() {
		games = 40
	}
	rng := rand.New(rand.NewPCG(7, 6))
	n := 0
	for range games {
		playRandomGame(rng, func(moves string, p Position, m *boardModel) {
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
		playRandomGame(rng, func(moves string, p Position, m *boardModel) {
			if p.IsWon() {
				return
			}
			for col := range Width {
				if !p.CanPlay(col) {
					continue
				}
				cell := refGeom.Mask(geom.Cell{Col: col, Row: m.height[col]})
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
					seen[q] = seen[p] + string(ColumnChar(col))
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
		board := modelOf(moves).draw()
		key := p.Key()
		if key>>(keyBits-1)>>1 != 0 { // key ≥ 2^keyBits, written so that keyBits may be 64
			t.Fatalf("%q: Key %#x is not below 2^%d", moves, key, keyBits)
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
		canonicalBoard := min(board, modelOf(mirrorMoves(moves)).draw())
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
	b := []byte(moves)
	for i, c := range b {
		b[i] = '1' + Width - 1 - (c - '1')
	}
	return string(b)
}

func TestMirror(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for range 200 {
		playRandomGame(rng, func(moves string, p Position, m *boardModel) {
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
		got := mirror(1 << b)
		col, row := b/columnBits, b%columnBits
		if want := uint64(1) << ((Width-1-col)*columnBits + row); got != want {
			t.Errorf("mirror(bit %d) = %#x, want %#x", b, got, want)
		}
	}
	for _, m := range []uint64{boardMask, guardMask, bottomMask, oddRowsMask, evenRowsMask} {
		if mirror(m) != m {
			t.Errorf("mirror(%#x) = %#x, want the symmetric mask unchanged", m, mirror(m))
		}
	}
	if mirror(^uint64(0)) != boardMask|guardMask {
		t.Errorf("mirror drops or invents bits: mirror(all ones) = %#x", mirror(^uint64(0)))
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
	p, err := Parse("4423")
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
