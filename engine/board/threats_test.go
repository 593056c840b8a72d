package board

import (
	"math/rand/v2"
	"testing"

	"github.com/fourgen/fourgen/internal/geom"
	"github.com/fourgen/fourgen/internal/longtest"
)

// The threat tests hold three implementations together: the generated
// per-cell tests (completesFour, canWinNow), the shift-based ones
// (WinningCellsOf, HasFour) and geom's slow reference. The reference costs
// about half a millisecond a position, so the millions of random positions
// are checked against a loop over lineMask and linesThrough (which
// TestMasksMatchGeom holds equal to geom's lines), and every few hundredth
// one, plus every structured case, against geom itself.

// tableCompletesFour is the reference loop over the checked line tables.
func tableCompletesFour(s Bits, bit int) bool {
	if bit < 0 || bit >= len(linesThrough) {
		return false
	}
	s = s.Or(bitOf(bit))
	for _, i := range linesThrough[bit] {
		if s.And(lineMask[i]) == lineMask[i] {
			return true
		}
	}
	return false
}

// tableHasFour is the reference loop for HasFour over the checked lineMask.
func tableHasFour(s Bits) bool {
	for _, m := range lineMask {
		if s.And(m) == m {
			return true
		}
	}
	return false
}

// fromBelowLines lists, for every bit, the masks of the lines of four
// through that cell less the cell, leaving out the vertical lines that go on
// above it. The shift-based WinningCellsOf need only look for vertical lines
// below a cell, as play fills columns from the bottom: on a board shaped by
// gravity no empty cell has a stone above it, and on any other mask these
// are the lines it must see.
var fromBelowLines = func() [][]Bits {
	lines := make([][]Bits, refGeom.Span())
	for _, l := range refGeom.Lines() {
		for k, c := range l.Cells {
			if l.Dir == geom.Vertical && k != len(l.Cells)-1 {
				continue
			}
			b := refGeom.Bit(c)
			lines[b] = append(lines[b], fromSet(refGeom.LineSet(l).AndNot(refGeom.SetOf(c))))
		}
	}
	return lines
}()

// checkThreats holds the generated and the shift-based threat tests to
// each other and to the line tables for stones s on a board whose occupied
// cells are mask (any subset of the board); withGeom adds geom's reference.
func checkThreats(t testing.TB, s, mask Bits, withGeom bool) {
	t.Helper()
	w := WinningCellsOf(s, mask)
	want := NoCells
	for bit := -1; bit <= max(64, len(linesThrough)); bit++ {
		got := completesFour(s, bit)
		if ref := tableCompletesFour(s, bit); got != ref {
			t.Fatalf("completesFour(%s, bit %d) = %v, want %v", s.Hex(), bit, got, ref)
		}
		if got && bit >= 0 && bit < len(linesThrough) && !BoardMask.AndNot(mask).And(bitOf(bit)).IsZero() {
			want = want.Or(bitOf(bit))
		}
	}
	fromBelow := NoCells
	for empty := BoardMask.AndNot(mask); !empty.IsZero(); empty = empty.ClearLowest() {
		bit := empty.TrailingZeros()
		for _, l := range fromBelowLines[bit] {
			if s.And(l) == l {
				fromBelow = fromBelow.Or(bitOf(bit))
			}
		}
	}
	cells := func(x Bits) []geom.Cell { return refGeom.CellsOfSet(toSet(x)) }
	// Off gravity's shapes WinningCellsOf must find what it looks for and
	// may find vertical lines above a cell too, but never a cell that does
	// not complete four: fromBelow ⊆ w ⊆ want.
	if !fromBelow.AndNot(w).IsZero() || !w.AndNot(want).IsZero() {
		t.Fatalf("WinningCellsOf(%s, %s) = %v, want at least %v and at most %v",
			s.Hex(), mask.Hex(), cells(w), cells(fromBelow), cells(want))
	}
	gravity := mask == gravityMask(mask) && s.AndNot(mask).IsZero() // no stone above an empty cell
	if gravity && w != want {
		t.Fatalf("WinningCellsOf(%s, %s) = %v, completesFour says %v",
			s.Hex(), mask.Hex(), cells(w), cells(want))
	}
	if got, ref := HasFour(s), tableHasFour(s); got != ref {
		t.Fatalf("HasFour(%s) = %v, want %v", s.Hex(), got, ref)
	}
	if !withGeom {
		return
	}
	if ref := fromSet(refGeom.WinningCellsSet(toSet(s), toSet(mask))); want != ref || gravity && w != ref {
		t.Fatalf("for stones %s on %s geom says the winning cells are %v; completesFour says %v, WinningCellsOf %v",
			s.Hex(), mask.Hex(), cells(ref), cells(want), cells(w))
	}
	for _, c := range cells(mask) { // the empty cells are covered above
		if got, ref := completesFour(s, refGeom.Bit(c)), refGeom.CompletesFourSet(toSet(s), c); got != ref {
			t.Fatalf("completesFour(%s, %v) = %v, geom says %v", s.Hex(), c, got, ref)
		}
	}
	if got, ref := HasFour(s), refGeom.HasFourSet(toSet(s)); got != ref {
		t.Fatalf("HasFour(%s) = %v, geom says %v", s.Hex(), got, ref)
	}
}

// checkCanWinNow holds canWinNow to WinningCellsOf and to the line tables;
// mask must be shaped by gravity (each column filled from the bottom).
func checkCanWinNow(t testing.TB, s, mask Bits, withGeom bool) {
	t.Helper()
	legal := mask.Add(BottomMask).And(BoardMask)
	want := false
	for l := legal; !l.IsZero(); l = l.ClearLowest() {
		want = want || tableCompletesFour(s, l.TrailingZeros())
	}
	got := canWinNow(s, mask)
	if got != want {
		t.Fatalf("canWinNow(%s, %s) = %v, want %v", s.Hex(), mask.Hex(), got, want)
	}
	if shift := !WinningCellsOf(s, mask).And(legal).IsZero(); shift != want {
		t.Fatalf("WinningCellsOf(%s, %s) & legal says %v, want %v", s.Hex(), mask.Hex(), shift, want)
	}
	if withGeom {
		if ref := !fromSet(refGeom.WinningCellsSet(toSet(s), toSet(mask))).And(legal).IsZero(); got != ref {
			t.Fatalf("canWinNow(%s, %s) = %v, geom says %v", s.Hex(), mask.Hex(), got, ref)
		}
	}
}

// gravityMask keeps the number of stones occupied has in each column but
// stacks them from the bottom, as play would.
func gravityMask(occupied Bits) Bits {
	m := NoCells
	for col := range Width {
		h := occupied.And(columnMask[col]).OnesCount()
		for row := range h {
			m = m.Or(Cell(col, row))
		}
	}
	return m
}

// TestThreatsLinePairs is exhaustive for every cell over every pattern of
// stones on the cells of any one or two lines through it: each line of four
// through the cell, and each way two lines can share or miss stones.
func TestThreatsLinePairs(t *testing.T) {
	lines := refGeom.Lines()
	through := refGeom.LinesThrough()
	cases := 0
	for _, c := range refGeom.AllCells() {
		bit := refGeom.Bit(c)
		self := bitOf(bit)
		idx := through[bit]
		for i := range idx {
			for j := i; j < len(idx); j++ {
				others := refGeom.CellsOfSet(refGeom.LineSet(lines[idx[i]]).Or(refGeom.LineSet(lines[idx[j]])).AndNot(toSet(self)))
				for sub := range 1 << len(others) {
					s := NoCells
					for k, o := range others {
						if sub>>k&1 == 1 {
							s = s.Or(cellSet(o.Col, o.Row))
						}
					}
					cases++
					cellsOf := refGeom.CellsOfSet(toSet(s))
					want := refGeom.CompletesFourSet(toSet(s), c)
					if got := completesFour(s, bit); got != want {
						t.Fatalf("completesFour(%v, %v) = %v, geom says %v", cellsOf, c, got, want)
					}
					if got := completesFour(s.Or(self), bit); got != want {
						t.Fatalf("completesFour(%v with the cell itself, %v) = %v, geom says %v", cellsOf, c, got, want)
					}
					// WinningCellsOf needs the cells under a stone filled.
					if got := !WinningCellsOf(s, gravityMask(s)).And(self).IsZero(); s.AndNot(gravityMask(s)).IsZero() && got != want {
						t.Fatalf("WinningCellsOf(%v) holds %v: %v, geom says %v", cellsOf, c, got, want)
					}
					checkThreats(t, s, s, false)
					if got, ref := HasFour(s.Or(self)), refGeom.HasFourSet(toSet(s.Or(self))); got != ref {
						t.Fatalf("HasFour(%v) = %v, geom says %v", refGeom.CellsOfSet(toSet(s.Or(self))), got, ref)
					}
				}
			}
		}
	}
	t.Logf("%d patterns", cases)
}

// TestThreatsShiftNeighbours targets what the shift-based code gets wrong
// if the guard bits do not do their job: for every cell and direction it
// sets the three bits the shifts look at for each of the four places the
// cell can take in a line (bits that wrap into the next column or a guard
// bit included), as a whole and in every part.
func TestThreatsShiftNeighbours(t *testing.T) {
	windows := [][3]int{{-3, -2, -1}, {-2, -1, 1}, {-1, 1, 2}, {1, 2, 3}}
	for _, c := range refGeom.AllCells() {
		bit := refGeom.Bit(c)
		for _, d := range lineSteps(t) {
			for _, win := range windows {
				var raw []Bits
				for _, k := range win {
					if b := bit + k*d; b >= 0 && b < len(linesThrough) && b/64 == bit/64 { // the shifts stay in a word
						if x := bitOf(b).And(BoardMask); !x.IsZero() { // a stone is never on a guard bit
							raw = append(raw, x)
						}
					}
				}
				for part := range 1 << len(raw) {
					sub := NoCells
					for k, x := range raw {
						if part>>k&1 == 1 {
							sub = sub.Or(x)
						}
					}
					checkThreats(t, sub, sub, true)
					if got, want := completesFour(sub, bit), refGeom.CompletesFourSet(toSet(sub), c); got != want {
						t.Fatalf("completesFour(%v, %v) = %v, geom says %v", refGeom.CellsOfSet(toSet(sub)), c, got, want)
					}
				}
			}
		}
	}
}

// lineSteps is the bit distance between neighbouring cells of a line, for
// each direction of internal/geom's line table, within a word: on a board
// of two words the cells on either side of the words' border are not.
func lineSteps(t *testing.T) []int {
	seen := map[geom.Direction]int{}
	var steps []int
	for _, l := range refGeom.Lines() {
		b0, b1 := refGeom.Bit(l.Cells[0]), refGeom.Bit(l.Cells[1])
		if b0/64 != b1/64 {
			continue
		}
		d := b1 - b0
		if old, ok := seen[l.Dir]; ok {
			if old != d {
				t.Fatalf("%v lines are %d and %d bits apart", l.Dir, old, d)
			}
			continue
		}
		seen[l.Dir] = d
		steps = append(steps, d)
	}
	return steps
}

// TestThreatsOffBoard checks the bits that hold no cell: guard bits, bits
// above the board and the 64 that bits.TrailingZeros64 gives a full column.
func TestThreatsOffBoard(t *testing.T) {
	for _, s := range []Bits{NoCells, BoardMask, allBits(), GuardMask, BottomMask} {
		for bit := -1; bit <= max(64, len(linesThrough)); bit++ {
			if _, cell := refGeom.CellAt(bit); !cell && completesFour(s, bit) {
				t.Errorf("completesFour(%s, %d) = true for a bit with no cell", s.Hex(), bit)
			}
		}
		if w := WinningCellsOf(s, NoCells); !w.AndNot(BoardMask).IsZero() {
			t.Errorf("WinningCellsOf(%s, 0) = %s holds bits off the board", s.Hex(), w.Hex())
		}
	}
	// A full board has no playable cell: every column's bit index is 64.
	if canWinNow(BoardMask, BoardMask) {
		t.Error("canWinNow on a full board = true")
	}
}

// threatsRandomCount is the number of random positions of each kind.
func threatsRandomCount() int {
	return longtest.Pick(40_000, 100_000, 400_000)
}

// geomEvery is how often a random position is also checked against geom.
const geomEvery = 400

func TestThreatsRandomBitmasks(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 34))
	for i := range threatsRandomCount() {
		// Vary the density: sparse, even and dense boards.
		mask := randomBits(rng).And(BoardMask)
		switch i % 3 {
		case 0:
			mask = mask.And(randomBits(rng))
		case 1:
			mask = mask.Or(randomBits(rng).And(BoardMask))
		}
		s := randomBits(rng).And(mask)
		checkThreats(t, s, mask, i%geomEvery == 0)
		checkThreats(t, mask.Xor(s), mask, false)
		// Stones need not lie within mask for the cell tests.
		checkThreats(t, randomBits(rng).And(BoardMask), mask, false)

		g := gravityMask(mask)
		checkCanWinNow(t, s.And(g), g, i%geomEvery == 0)
		checkCanWinNow(t, g.Xor(s.And(g)), g, false)
	}
}

func TestThreatsRandomGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(56, 78))
	n := 0
	for n < threatsRandomCount() {
		var p Position
		for p.Moves() < Cells && !p.IsWon() {
			n++
			checkThreats(t, p.current, p.mask, n%geomEvery == 0)
			checkThreats(t, p.current.Xor(p.mask), p.mask, false)
			checkCanWinNow(t, p.current, p.mask, n%geomEvery == 0)
			legal := p.Legal()
			if legal.IsZero() {
				t.Fatalf("no legal move after %d moves:\n%v", p.Moves(), p)
			}
			for k := rng.IntN(legal.OnesCount()); k > 0; k-- {
				legal = legal.ClearLowest()
			}
			p.PlayMove(legal.Lowest())
		}
	}
}

func FuzzThreatsAgree(f *testing.F) {
	cells := func(cs ...geom.Cell) Bits { return fromSet(refGeom.SetOf(cs...)) }
	row := cells(geom.Cell{Col: 0}, geom.Cell{Col: 1}, geom.Cell{Col: 3})                          // c3r1 wins
	diag := cells(geom.Cell{Col: 1, Row: 1}, geom.Cell{Col: 2, Row: 2}, geom.Cell{Col: 3, Row: 3}) // c1r1 and c5r5 win
	// The seeds are words of the board of one word (fuzzBits); on a board
	// of two they are other patterns, as the corpus is.
	f.Add(uint64(0), uint64(0))
	f.Add(row.Word(0), row.Or(cells(geom.Cell{Col: 5})).Word(0))
	f.Add(diag.Word(0), gravityMask(diag.Or(cells(geom.Cell{Col: 2, Row: 1}, geom.Cell{Col: 3, Row: 2}))).Word(0))
	f.Add(OddRowsMask.Word(0), BoardMask.Word(0))
	f.Fuzz(func(t *testing.T, stones, occupied uint64) {
		s := fuzzBits(stones)
		mask := fuzzBits(occupied).And(BoardMask)
		checkThreats(t, s.And(mask), mask, true)
		checkThreats(t, s.And(BoardMask), mask, true)
		g := gravityMask(mask)
		checkCanWinNow(t, s.And(g), g, true)
	})
}
