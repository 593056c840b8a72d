package board

import (
	"math/bits"
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
func tableCompletesFour(s uint64, bit int) bool {
	if bit < 0 || bit >= len(linesThrough) {
		return false
	}
	s |= 1 << bit
	for _, i := range linesThrough[bit] {
		if s&lineMask[i] == lineMask[i] {
			return true
		}
	}
	return false
}

// tableHasFour is the reference loop for HasFour over the checked lineMask.
func tableHasFour(s uint64) bool {
	for _, m := range lineMask {
		if s&m == m {
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
var fromBelowLines = func() [][]uint64 {
	lines := make([][]uint64, refGeom.Bits())
	for _, l := range refGeom.Lines() {
		for k, c := range l.Cells {
			if l.Dir == geom.Vertical && k != len(l.Cells)-1 {
				continue
			}
			b := refGeom.Bit(c)
			lines[b] = append(lines[b], refGeom.LineMask(l)&^refGeom.Mask(c))
		}
	}
	return lines
}()

// checkThreats holds the generated and the shift-based threat tests to
// each other and to the line tables for stones s on a board whose occupied
// cells are mask (any subset of the board); withGeom adds geom's reference.
func checkThreats(t testing.TB, s, mask uint64, withGeom bool) {
	t.Helper()
	w := WinningCellsOf(s, mask)
	var want uint64
	for bit := -1; bit <= 64; bit++ {
		got := completesFour(s, bit)
		if ref := tableCompletesFour(s, bit); got != ref {
			t.Fatalf("completesFour(%#016x, bit %d) = %v, want %v", s, bit, got, ref)
		}
		if got && bit >= 0 && bit < 64 && (BoardMask&^mask)>>bit&1 == 1 {
			want |= 1 << bit
		}
	}
	var fromBelow uint64
	for empty := BoardMask &^ mask; empty != 0; empty &= empty - 1 {
		bit := bits.TrailingZeros64(empty)
		for _, l := range fromBelowLines[bit] {
			if s&l == l {
				fromBelow |= 1 << bit
			}
		}
	}
	// Off gravity's shapes WinningCellsOf must find what it looks for and
	// may find vertical lines above a cell too, but never a cell that does
	// not complete four: fromBelow ⊆ w ⊆ want.
	if fromBelow&^w != 0 || w&^want != 0 {
		t.Fatalf("WinningCellsOf(%#016x, %#016x) = %v, want at least %v and at most %v",
			s, mask, refGeom.CellsOf(w), refGeom.CellsOf(fromBelow), refGeom.CellsOf(want))
	}
	gravity := mask == gravityMask(mask) && s&^mask == 0 // no stone above an empty cell
	if gravity && w != want {
		t.Fatalf("WinningCellsOf(%#016x, %#016x) = %v, completesFour says %v",
			s, mask, refGeom.CellsOf(w), refGeom.CellsOf(want))
	}
	if got, ref := HasFour(s), tableHasFour(s); got != ref {
		t.Fatalf("HasFour(%#016x) = %v, want %v", s, got, ref)
	}
	if !withGeom {
		return
	}
	if ref := refGeom.WinningCells(s, mask); want != ref || gravity && w != ref {
		t.Fatalf("for stones %#016x on %#016x geom says the winning cells are %v; completesFour says %v, WinningCellsOf %v",
			s, mask, refGeom.CellsOf(ref), refGeom.CellsOf(want), refGeom.CellsOf(w))
	}
	for _, c := range refGeom.CellsOf(mask) { // the empty cells are covered above
		if got, ref := completesFour(s, refGeom.Bit(c)), refGeom.CompletesFour(s, c); got != ref {
			t.Fatalf("completesFour(%#016x, %v) = %v, geom says %v", s, c, got, ref)
		}
	}
	if got, ref := HasFour(s), refGeom.HasFour(s); got != ref {
		t.Fatalf("HasFour(%#016x) = %v, geom says %v", s, got, ref)
	}
}

// checkCanWinNow holds canWinNow to WinningCellsOf and to the line tables;
// mask must be shaped by gravity (each column filled from the bottom).
func checkCanWinNow(t testing.TB, s, mask uint64, withGeom bool) {
	t.Helper()
	legal := (mask + BottomMask) & BoardMask
	want := false
	for l := legal; l != 0; l &= l - 1 {
		want = want || tableCompletesFour(s, bits.TrailingZeros64(l))
	}
	got := canWinNow(s, mask)
	if got != want {
		t.Fatalf("canWinNow(%#016x, %#016x) = %v, want %v", s, mask, got, want)
	}
	if shift := WinningCellsOf(s, mask)&legal != 0; shift != want {
		t.Fatalf("WinningCellsOf(%#016x, %#016x) & legal says %v, want %v", s, mask, shift, want)
	}
	if withGeom {
		if ref := refGeom.WinningCells(s, mask)&legal != 0; got != ref {
			t.Fatalf("canWinNow(%#016x, %#016x) = %v, geom says %v", s, mask, got, ref)
		}
	}
}

// gravityMask keeps the number of stones occupied has in each column but
// stacks them from the bottom, as play would.
func gravityMask(occupied uint64) uint64 {
	var m uint64
	for col := range Width {
		h := bits.OnesCount64(occupied & columnMask[col])
		m |= (1<<h - 1) << (col * ColumnBits)
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
		self := uint64(1) << bit
		idx := through[bit]
		for i := range idx {
			for j := i; j < len(idx); j++ {
				others := refGeom.CellsOf((refGeom.LineMask(lines[idx[i]]) | refGeom.LineMask(lines[idx[j]])) &^ self)
				for sub := range 1 << len(others) {
					var s uint64
					for k, o := range others {
						if sub>>k&1 == 1 {
							s |= refGeom.Mask(o)
						}
					}
					cases++
					want := refGeom.CompletesFour(s, c)
					if got := completesFour(s, bit); got != want {
						t.Fatalf("completesFour(%v, %v) = %v, geom says %v", refGeom.CellsOf(s), c, got, want)
					}
					if got := completesFour(s|self, bit); got != want {
						t.Fatalf("completesFour(%v with the cell itself, %v) = %v, geom says %v", refGeom.CellsOf(s), c, got, want)
					}
					// WinningCellsOf needs the cells under a stone filled.
					if got := WinningCellsOf(s, gravityMask(s))&self != 0; s&^gravityMask(s) == 0 && got != want {
						t.Fatalf("WinningCellsOf(%v) holds %v: %v, geom says %v", refGeom.CellsOf(s), c, got, want)
					}
					checkThreats(t, s, s, false)
					if got, ref := HasFour(s|self), refGeom.HasFour(s|self); got != ref {
						t.Fatalf("HasFour(%v) = %v, geom says %v", refGeom.CellsOf(s|self), got, ref)
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
				var raw uint64
				for _, k := range win {
					if b := bit + k*d; b >= 0 && b < 64 {
						raw |= 1 << b
					}
				}
				raw &= BoardMask // a stone is never on a guard bit
				for sub := raw; ; sub = (sub - 1) & raw {
					checkThreats(t, sub, sub, true)
					if got, want := completesFour(sub, bit), refGeom.CompletesFour(sub, c); got != want {
						t.Fatalf("completesFour(%v, %v) = %v, geom says %v", refGeom.CellsOf(sub), c, got, want)
					}
					if sub == 0 {
						break
					}
				}
			}
		}
	}
}

// lineSteps is the bit distance between neighbouring cells of a line, for
// each direction of internal/geom's line table.
func lineSteps(t *testing.T) []int {
	seen := map[geom.Direction]int{}
	var steps []int
	for _, l := range refGeom.Lines() {
		d := refGeom.Bit(l.Cells[1]) - refGeom.Bit(l.Cells[0])
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
	for _, s := range []uint64{0, BoardMask, ^uint64(0), GuardMask, BottomMask} {
		for bit := -1; bit <= 64; bit++ {
			if _, cell := refGeom.CellAt(bit); !cell && completesFour(s, bit) {
				t.Errorf("completesFour(%#x, %d) = true for a bit with no cell", s, bit)
			}
		}
		if w := WinningCellsOf(s, 0); w&^BoardMask != 0 {
			t.Errorf("WinningCellsOf(%#x, 0) = %#x holds bits off the board", s, w)
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
		mask := rng.Uint64() & BoardMask
		switch i % 3 {
		case 0:
			mask &= rng.Uint64()
		case 1:
			mask |= rng.Uint64() & BoardMask
		}
		s := rng.Uint64() & mask
		checkThreats(t, s, mask, i%geomEvery == 0)
		checkThreats(t, mask^s, mask, false)
		// Stones need not lie within mask for the cell tests.
		checkThreats(t, rng.Uint64()&BoardMask, mask, false)

		g := gravityMask(mask)
		checkCanWinNow(t, s&g, g, i%geomEvery == 0)
		checkCanWinNow(t, g^(s&g), g, false)
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
			checkThreats(t, p.current^p.mask, p.mask, false)
			checkCanWinNow(t, p.current, p.mask, n%geomEvery == 0)
			legal := p.Legal()
			if legal == 0 {
				t.Fatalf("no legal move after %d moves:\n%v", p.Moves(), p)
			}
			for k := rng.IntN(bits.OnesCount64(legal)); k > 0; k-- {
				legal &= legal - 1
			}
			p.PlayMove(legal & -legal)
		}
	}
}

func FuzzThreatsAgree(f *testing.F) {
	cells := func(cs ...geom.Cell) uint64 { return refGeom.Mask(cs...) }
	row := cells(geom.Cell{Col: 0}, geom.Cell{Col: 1}, geom.Cell{Col: 3})                          // c3r1 wins
	diag := cells(geom.Cell{Col: 1, Row: 1}, geom.Cell{Col: 2, Row: 2}, geom.Cell{Col: 3, Row: 3}) // c1r1 and c5r5 win
	f.Add(uint64(0), uint64(0))
	f.Add(row, row|cells(geom.Cell{Col: 5}))
	f.Add(diag, gravityMask(diag|cells(geom.Cell{Col: 2, Row: 1}, geom.Cell{Col: 3, Row: 2})))
	f.Add(OddRowsMask, BoardMask)
	f.Fuzz(func(t *testing.T, stones, occupied uint64) {
		mask := occupied & BoardMask
		checkThreats(t, stones&mask, mask, true)
		checkThreats(t, stones&BoardMask, mask, true)
		g := gravityMask(mask)
		checkCanWinNow(t, stones&g, g, true)
	})
}
