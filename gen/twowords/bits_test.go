package board

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// The reference is the layout as one number of KeyBits bits, cell (col,
// row) its bit col×ColumnBits+row, in math/big: what << and >> do on a
// board of one word.

// number is x as one number of the layout: lo's bits, then hi's after
// lowBits, built from the words, not from Packed.
func number(x Bits) *big.Int {
	n := new(big.Int).Lsh(new(big.Int).SetUint64(x.hi), lowBits)
	return n.Or(n, new(big.Int).SetUint64(x.lo))
}

// ones is the number of n bits, all set.
func ones(n uint) *big.Int {
	one := big.NewInt(1)
	return new(big.Int).Sub(new(big.Int).Lsh(one, n), one)
}

// fromNumber is the set of the layout's bits of n.
func fromNumber(n *big.Int) Bits {
	lo := new(big.Int).And(n, ones(lowBits))
	hi := new(big.Int).And(new(big.Int).Rsh(n, lowBits), ones(KeyBits-lowBits))
	return Bits{lo.Uint64(), hi.Uint64()}
}

// layout is x without the bits outside the layout, which a shift may leave
// anything in.
func layout(x Bits) Bits { return fromNumber(number(Bits{x.lo & (1<<lowBits - 1), x.hi})) }

// randomSets are sets of bits of the layout, sparse and dense.
func randomSets(rng *rand.Rand) []Bits {
	var sets []Bits
	for range 200 {
		x := fromNumber(new(big.Int).SetUint64(rng.Uint64()).Or(new(big.Int).Lsh(new(big.Int).SetUint64(rng.Uint64()), 64), big.NewInt(0)))
		sets = append(sets, x, x.And(fromNumber(new(big.Int).SetUint64(rng.Uint64()))))
	}
	return sets
}

// TestShifts holds shl and shr to the shifts of the layout as one number,
// for every distance up to three steps of the widest direction, among
// them distances past the low word's bits.
func TestShifts(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, x := range randomSets(rng) {
		for n := uint(1); n <= 3*(ColumnBits+1); n++ {
			if got, want := layout(x.shl(n)), fromNumber(new(big.Int).Lsh(number(x), n)); got != want {
				t.Fatalf("%x.shl(%d) = %x, want %x", x, n, got, want)
			}
			if got, want := layout(x.shr(n)), fromNumber(new(big.Int).Rsh(number(x), n)); got != want {
				t.Fatalf("%x.shr(%d) = %x, want %x", x, n, got, want)
			}
		}
	}
}

// TestCells holds the methods of one cell to its place in the layout.
func TestCells(t *testing.T) {
	for col := range Width {
		for row := range Height {
			c := bottomCell(col).Up(uint(row))
			bit := uint(col*ColumnBits + row)
			want := new(big.Int).Lsh(big.NewInt(1), bit)
			lo, hi := c.Packed()
			packed := new(big.Int).Or(new(big.Int).Lsh(new(big.Int).SetUint64(hi), 64), new(big.Int).SetUint64(lo))
			if number(c).Cmp(want) != 0 || packed.Cmp(want) != 0 || ColumnOf(c) != col || c.OnesCount() != 1 || c.Column(col) != 1<<row {
				t.Errorf("cell %d,%d: %x packed %v, column %d, ones %d, column bits %b", col, row, c, packed, ColumnOf(c), c.OnesCount(), c.Column(col))
			}
			if wantTZ := int(bit) + (64-lowBits)*(col/LowColumns); c.TrailingZeros() != wantTZ {
				t.Errorf("cell %d,%d: TrailingZeros %d, want %d", col, row, c.TrailingZeros(), wantTZ)
			}
			if got := layout(c.Below()); got != fromNumber(new(big.Int).Sub(want, big.NewInt(1))) {
				t.Errorf("cell %d,%d: Below %x", col, row, got)
			}
			if row == Height-1 && topCell(col) != c || c.Down(uint(row)) != bottomCell(col) {
				t.Errorf("cell %d,%d: topCell %x, Down to the bottom %x", col, row, topCell(col), c.Down(uint(row)))
			}
		}
	}
}

// TestSets holds the methods of sets to the layout as one number.
func TestSets(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	sets := randomSets(rng)
	for i, x := range sets {
		y := sets[(i+1)%len(sets)]
		nx, ny := number(x), number(y)
		for _, op := range []struct {
			name      string
			got, want Bits
		}{
			{"And", x.And(y), fromNumber(new(big.Int).And(nx, ny))},
			{"Or", x.Or(y), fromNumber(new(big.Int).Or(nx, ny))},
			{"Xor", x.Xor(y), fromNumber(new(big.Int).Xor(nx, ny))},
			{"AndNot", x.AndNot(y), fromNumber(new(big.Int).AndNot(nx, ny))},
			{"Lowest", x.Lowest(), fromNumber(new(big.Int).And(nx, new(big.Int).Neg(nx)))},
			{"ClearLowest", x.ClearLowest(), fromNumber(new(big.Int).And(nx, new(big.Int).Sub(nx, big.NewInt(1))))},
			{"BitsFromWords", BitsFromWords(x.Word(0), x.Word(1)), x},
		} {
			if x.IsZero() != (nx.Sign() == 0) || op.got != op.want {
				t.Fatalf("%x.%s(%x) = %x, want %x", x, op.name, y, op.got, op.want)
			}
		}
		if x.OnesCount() != onesOf(nx) {
			t.Fatalf("%x.OnesCount() = %d, want %d", x, x.OnesCount(), onesOf(nx))
		}
		if want := map[bool]Bits{true: x, false: y}[nx.Cmp(ny) <= 0]; MinKey(x, y) != want {
			t.Fatalf("MinKey(%x, %x) = %x, want %x", x, y, MinKey(x, y), want)
		}
	}
	if !NoCells.IsZero() || NoCells.TrailingZeros() != 128 {
		t.Errorf("NoCells = %x, TrailingZeros %d, want none and 128", NoCells, NoCells.TrailingZeros())
	}
}

// TestAddStopsAtGuards plays stacks of stones: each column's carry stops
// at its lowest empty cell, as LegalOf needs.
func TestAddStopsAtGuards(t *testing.T) {
	var bottom, stones, want Bits
	for col := range Width {
		bottom = bottom.Or(bottomCell(col))
		height := col * 3 % (Height + 1)
		for row := range height {
			stones = stones.Or(bottomCell(col).Up(uint(row)))
		}
		want = want.Or(bottomCell(col).Up(uint(height)))
	}
	if got := stones.Add(bottom); got != want {
		t.Errorf("stacks %x + bottom = %x, want the cells on top %x", stones, got, want)
	}
}

// onesOf is the number of set bits of n.
func onesOf(n *big.Int) int {
	c := 0
	for i := range n.BitLen() {
		c += int(n.Bit(i))
	}
	return c
}
