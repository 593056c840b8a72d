package main

import (
	"fmt"
	"testing"

	"github.com/dave/jennifer/jen"
)

// TestDialects renders each word operation in both dialects, among them
// zero, which no supported board reaches (each has lines of four in every
// direction) and the golden files therefore do not pin.
func TestDialects(t *testing.T) {
	for _, tt := range []struct {
		name         string
		op           func(d dialect) jen.Code
		scalar, avx2 string
	}{
		{"zero", func(d dialect) jen.Code { return d.zero() }, "0", "archsimd.Uint64x4{}"},
		{"type", func(d dialect) jen.Code { return d.typ() }, "Bits", "archsimd.Uint64x4"},
		{"shift left", func(d dialect) jen.Code { return d.shift("s", 7) }, "(s << 7)", "s.ShiftLeft(by7)"},
		{"shift right", func(d dialect) jen.Code { return d.shift("m", -2) }, "(m >> 2)", "m.ShiftRight(by2)"},
		{"and", func(d dialect) jen.Code { return d.and(jen.Id("a"), jen.Id("b")) }, "a & b", "a.And(b)"},
		{"or", func(d dialect) jen.Code { return d.or(jen.Id("a"), jen.Id("b"), jen.Id("c")) }, "a | b | c", "a.Or(b).Or(c)"},
		{"or into", func(d dialect) jen.Code { return d.orInto("w", jen.Id("x")) }, "w |= x", "w = w.Or(x)"},
		{"window", func(d dialect) jen.Code { return d.or(window(d, "m", 3)...) }, "m | (m >> 3) | (m >> 6) | (m >> 9)",
			"m.Or(m.ShiftRight(by3)).Or(m.ShiftRight(by6)).Or(m.ShiftRight(by9))"},
	} {
		for _, d := range []struct {
			d    dialect
			want string
		}{{scalar{}, tt.scalar}, {&avx2{}, tt.avx2}} {
			if got := fmt.Sprintf("%#v", jen.Add(tt.op(d.d))); got != d.want {
				t.Errorf("%T %s = %q, want %q", d.d, tt.name, got, d.want)
			}
		}
	}
}
