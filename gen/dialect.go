package main

import (
	"fmt"
	"slices"

	"github.com/dave/jennifer/jen"

	"github.com/fourgen/fourgen/internal/geom"
)

// archsimd is the import path of Go's experimental SIMD package.
const archsimd = "simd/archsimd"

// dialect renders the word operations of the threat kernel: scalar Go on
// one uint64, or AVX2 on four boards at a time.
type dialect interface {
	typ() jen.Code                                   // the type of a word
	shift(name string, n int) jen.Code               // the word name shifted by n bits: left for n > 0, right for n < 0
	and(xs ...jen.Code) jen.Code                     // the bits set in every one of xs
	or(xs ...jen.Code) jen.Code                      // the bits set in any of xs
	orInto(name string, x jen.Code) jen.Code         // the statement adding x's bits to name
	emptyOf(w, mask string, board geom.Set) jen.Code // the bits of w on the board and not in mask
	zero() jen.Code                                  // no bits
}

// word is a dialect for one board at a time, which the tables and the
// threat tests are written in too: [scalar] for a board of one word,
// [pair] for a board of two.
type word interface {
	dialect
	mask(m geom.Set) jen.Code                // a constant mask
	elem(m geom.Set) jen.Code                // a constant mask as an element of a table of masks
	covers(name string, m geom.Set) jen.Code // whether name holds every bit of m
	nonZero(x jen.Code) jen.Code             // whether x has a bit set
	onesCount(x jen.Code) jen.Code           // the number of bits of x
	trailingZeros(x jen.Code) jen.Code       // the lowest bit of x, 64 times the words for none
	plus(x, y jen.Code) jen.Code             // x + y, word by word
	group(x jen.Code) jen.Code               // x as an operand of and or or
	field(name string, w int) string         // word w of name
	block(f *jen.File) *jen.Statement        // a new block of mask declarations
}

// wordOf is the dialect of the board's representation.
func wordOf(g geom.Geometry) word {
	if g.Words() == 1 {
		return scalar{}
	}
	return pair{lowBits: g.LowColumns() * g.ColumnBits()}
}

// scalar renders plain Go operators on Bits, a uint64 on a board of one
// word (see kernel_gen.go in testdata/4x4.txtar).
type scalar struct{}

func (scalar) typ() jen.Code { return jen.Id("Bits") }

func (scalar) shift(name string, n int) jen.Code {
	if n == 0 {
		return jen.Id(name)
	}
	if n < 0 {
		return jen.Parens(jen.Id(name).Op(">>").Lit(-n))
	}
	return jen.Parens(jen.Id(name).Op("<<").Lit(n))
}

func (scalar) and(xs ...jen.Code) jen.Code {
	return jen.Custom(jen.Options{Separator: " &"}, xs...)
}

func (scalar) or(xs ...jen.Code) jen.Code {
	return jen.Custom(jen.Options{Separator: " |"}, xs...)
}

func (scalar) orInto(name string, x jen.Code) jen.Code { return jen.Id(name).Op("|=").Add(x) }

func (scalar) emptyOf(w, mask string, board geom.Set) jen.Code {
	return jen.Id(w).Op("&").Parens(hex(board[0]).Op("^").Id(mask))
}

func (scalar) zero() jen.Code { return jen.Lit(0) }

func (scalar) mask(m geom.Set) jen.Code { return hex(m[0]) }

func (scalar) elem(m geom.Set) jen.Code { return hex(m[0]) }

func (scalar) covers(name string, m geom.Set) jen.Code {
	return jen.Id(name).Op("&").Add(hex(m[0])).Op("==").Add(hex(m[0]))
}

func (scalar) nonZero(x jen.Code) jen.Code { return jen.Add(x).Op("!=").Lit(0) }

func (scalar) onesCount(x jen.Code) jen.Code {
	return jen.Qual("math/bits", "OnesCount64").Call(jen.Uint64().Call(x))
}

func (scalar) trailingZeros(x jen.Code) jen.Code {
	return jen.Qual("math/bits", "TrailingZeros64").Call(jen.Uint64().Call(x))
}

func (scalar) plus(x, y jen.Code) jen.Code { return jen.Add(x).Op("+").Add(y) }

func (scalar) group(x jen.Code) jen.Code { return jen.Parens(x) }

func (scalar) field(name string, _ int) string { return name }

func (scalar) block(f *jen.File) *jen.Statement { return f.Const() }

// avx2 renders the methods of archsimd.Uint64x4, four boards a vector. A
// shift takes its count from a vector holding it in every lane (VPSLLVQ,
// VPSRLVQ): with Go 1.26, ShiftAllLeft by a constant measured about 70
// times slower (batch's BenchmarkKernels). Rendering records the
// counts and masks used, which [avx2.body] declares first (see
// kernel_simd_gen.go in testdata/4x4.txtar).
type avx2 struct {
	counts []int    // the shift counts used, in order of first use
	board  []uint64 // the board mask, when used
}

func (*avx2) typ() jen.Code { return jen.Qual(archsimd, "Uint64x4") }

func (a *avx2) zero() jen.Code { return jen.Add(a.typ()).Values() }

// count names the vector holding n in every lane.
func (a *avx2) count(n int) jen.Code {
	if !slices.Contains(a.counts, n) {
		a.counts = append(a.counts, n)
	}
	return jen.Id(fmt.Sprintf("by%d", n))
}

func (a *avx2) shift(name string, n int) jen.Code {
	if n < 0 {
		return jen.Id(name).Dot("ShiftRight").Call(a.count(-n))
	}
	return jen.Id(name).Dot("ShiftLeft").Call(a.count(n))
}

// chain renders x0.op(x1).op(x2)...
func chain(op string, xs []jen.Code) jen.Code {
	st := jen.Add(xs[0])
	for _, x := range xs[1:] {
		st = st.Dot(op).Call(x)
	}
	return st
}

func (*avx2) and(xs ...jen.Code) jen.Code { return chain("And", xs) }

func (*avx2) or(xs ...jen.Code) jen.Code { return chain("Or", xs) }

func (*avx2) orInto(name string, x jen.Code) jen.Code {
	return jen.Id(name).Op("=").Id(name).Dot("Or").Call(x)
}

func (a *avx2) emptyOf(w, mask string, board geom.Set) jen.Code {
	a.board = []uint64{board[0]}
	return jen.Id(w).Dot("And").Call(jen.Id(mask).Dot("Xor").Call(jen.Id("board")))
}

// body is the function body of the statements, after the declarations of
// the shift counts and masks they use.
func (a *avx2) body(stmts []jen.Code) []jen.Code {
	var decls []jen.Code
	for _, n := range a.counts {
		decls = append(decls, jen.Id(fmt.Sprintf("by%d", n)).Op(":=").Qual(archsimd, "BroadcastUint64x4").Call(jen.Lit(n)))
	}
	for _, m := range a.board {
		decls = append(decls, jen.Id("board").Op(":=").Qual(archsimd, "BroadcastUint64x4").Call(hex(m)).Comment("every playable cell"))
	}
	return append(decls, stmts...)
}

// pair renders the two-word type Bits of bits_gen.go and its methods, for
// a board of more than 64 bits: a shift is a call of the method that
// emit_bits.go writes for its distance, such as s.shl8() (see the kernel in
// testdata/6x10.txtar).
type pair struct {
	lowBits int // the bits of the columns in the low word
}

func (pair) typ() jen.Code { return jen.Id("Bits") }

func (pair) shift(name string, n int) jen.Code { return jen.Id(name).Dot(shiftName(n)).Call() }

func (pair) and(xs ...jen.Code) jen.Code { return chain("And", xs) }

func (pair) or(xs ...jen.Code) jen.Code { return chain("Or", xs) }

func (pair) orInto(name string, x jen.Code) jen.Code {
	return jen.Id(name).Op("=").Id(name).Dot("Or").Call(x)
}

func (p pair) emptyOf(w, mask string, board geom.Set) jen.Code {
	return jen.Id(w).Dot("And").Call(jen.Id(mask).Dot("Xor").Call(p.mask(board)))
}

func (pair) zero() jen.Code { return jen.Id("Bits").Values() }

func (p pair) mask(m geom.Set) jen.Code { return jen.Id("Bits").Add(p.elem(m)) }

func (pair) elem(m geom.Set) jen.Code { return jen.Values(hex(m[0]), hex(m[1])) }

func (p pair) covers(name string, m geom.Set) jen.Code {
	var tests []jen.Code
	for w, part := range m {
		if part != 0 {
			tests = append(tests, jen.Id(p.field(name, w)).Op("&").Add(hex(part)).Op("==").Add(hex(part)))
		}
	}
	return jen.Custom(jen.Options{Separator: " &&"}, tests...)
}

func (pair) nonZero(x jen.Code) jen.Code { return jen.Op("!").Add(x).Dot("IsZero").Call() }

func (pair) onesCount(x jen.Code) jen.Code { return jen.Add(x).Dot("OnesCount").Call() }

func (pair) trailingZeros(x jen.Code) jen.Code { return jen.Add(x).Dot("TrailingZeros").Call() }

func (pair) plus(x, y jen.Code) jen.Code { return jen.Add(x).Dot("Add").Call(y) }

func (pair) group(x jen.Code) jen.Code { return x }

func (pair) field(name string, w int) string { return name + [...]string{".lo", ".hi"}[w] }

func (pair) block(f *jen.File) *jen.Statement { return f.Var() }

// shiftName names the method of Bits that shifts by n bits of the
// column-major layout: shl8 for 8 bits up (n > 0), shr8 for 8 down.
func shiftName(n int) string {
	if n < 0 {
		return fmt.Sprintf("shr%d", -n)
	}
	return fmt.Sprintf("shl%d", n)
}
