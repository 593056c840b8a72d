package board

import "testing"

// TestCells holds the methods of one cell to its bit col×ColumnBits+row
// of the layout.
func TestCells(t *testing.T) {
	for col := range Width {
		for row := range Height {
			c, bit := bottomCell(col).Up(uint(row)), col*ColumnBits+row
			lo, hi := c.Packed()
			if lo != 1<<bit || hi != 0 || c.TrailingZeros() != bit || ColumnOf(c) != col || c.Column(col) != 1<<row ||
				c.OnesCount() != 1 || c.Below() != Bits(lo-1) || c.Down(uint(row)) != bottomCell(col) {
				t.Errorf("cell %d,%d = %#x: packed %#x %#x, TrailingZeros %d, ColumnOf %d, Column %b, Below %#x",
					col, row, c, lo, hi, c.TrailingZeros(), ColumnOf(c), c.Column(col), c.Below())
			}
			if row == Height-1 && topCell(col) != c {
				t.Errorf("topCell(%d) = %#x, want %#x", col, topCell(col), c)
			}
		}
	}
}

// TestSets checks the methods of sets on a few sets whose answers are
// written out.
func TestSets(t *testing.T) {
	x, y := Bits(0b1011_0100), Bits(0b0110_0110)
	for _, tt := range []struct {
		name      string
		got, want Bits
	}{
		{"And", x.And(y), 0b0010_0100},
		{"Or", x.Or(y), 0b1111_0110},
		{"Xor", x.Xor(y), 0b1101_0010},
		{"AndNot", x.AndNot(y), 0b1001_0000},
		{"Add", x.Add(y), 0b1_0001_1010},
		{"Lowest", x.Lowest(), 0b100},
		{"ClearLowest", x.ClearLowest(), 0b1011_0000},
		{"MinKey", MinKey(x, y), y},
		{"BitsFromWords", BitsFromWords(x.Word(0), x.Word(1)), x},
	} {
		if tt.got != tt.want {
			t.Errorf("%s = %#b, want %#b", tt.name, tt.got, tt.want)
		}
	}
	if x.IsZero() || !NoCells.IsZero() || x.Fold() != uint64(x) || x.Word(1) != 0 || NoCells.TrailingZeros() != 64 {
		t.Errorf("IsZero, Fold, Word(1) or TrailingZeros of none wrong: %v %v %#x %#x %d", x.IsZero(), NoCells.IsZero(), x.Fold(), x.Word(1), NoCells.TrailingZeros())
	}
}
