package main

import (
	"fmt"
	"testing"

	"github.com/dave/jennifer/jen"

	"github.com/fourgen/fourgen/internal/geom"
)

// TestDialects renders each word operation in the three dialects, the
// pair dialect's vertical and crossing shifts among them.
func TestDialects(t *testing.T) {
	across, up := direction{dir: geom.Horizontal, step: 3}, direction{dir: geom.Vertical, step: 1}
	for _, tt := range []struct {
		name               string
		op                 func(d dialect) jen.Code
		scalar, avx2, pair string
	}{
		{"type", func(d dialect) jen.Code { return d.typ() }, "Bits", "archsimd.Uint64x4", "Bits"},
		{"shift left", func(d dialect) jen.Code { return d.shift("s", across, 2) }, "(s << 6)", "s.ShiftLeft(by6)", "s.shl(6)"},
		{"shift down", func(d dialect) jen.Code { return d.shift("m", up, -2) }, "(m >> 2)", "m.ShiftRight(by2)", "m.Down(2)"},
		{"and", func(d dialect) jen.Code { return d.and(jen.Id("a"), jen.Id("b")) }, "a & b", "a.And(b)", "a.And(b)"},
		{"or", func(d dialect) jen.Code { return d.or(jen.Id("a"), jen.Id("b"), jen.Id("c")) }, "a | b | c", "a.Or(b).Or(c)", "a.Or(b).Or(c)"},
		{"or into", func(d dialect) jen.Code { return d.orInto("w", jen.Id("x")) }, "w |= x", "w = w.Or(x)", "w = w.Or(x)"},
		{"window", func(d dialect) jen.Code { return d.or(window(d, "m", across, 4)...) }, "m | (m >> 3) | (m >> 6) | (m >> 9)",
			"m.Or(m.ShiftRight(by3)).Or(m.ShiftRight(by6)).Or(m.ShiftRight(by9))", "m.Or(m.shr(3)).Or(m.shr(6)).Or(m.shr(9))"},
		{"window of three", func(d dialect) jen.Code { return d.or(window(d, "m", across, 3)...) }, "m | (m >> 3) | (m >> 6)",
			"m.Or(m.ShiftRight(by3)).Or(m.ShiftRight(by6))", "m.Or(m.shr(3)).Or(m.shr(6))"},
	} {
		for _, d := range []struct {
			d    dialect
			want string
		}{{scalar{}, tt.scalar}, {&avx2{}, tt.avx2}, {pair{}, tt.pair}} {
			if got := fmt.Sprintf("%#v", jen.Add(tt.op(d.d))); got != d.want {
				t.Errorf("%T %s = %q, want %q", d.d, tt.name, got, d.want)
			}
		}
	}
}
