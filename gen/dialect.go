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
// one uint64, method calls on two, or AVX2 on four boards at a time.
type dialect interface {
	typ() jen.Code                                   // the type of a word
	shift(name string, d direction, k int) jen.Code  // the word name moved k steps of d: up the layout for k > 0, down for k < 0
	and(xs ...jen.Code) jen.Code                     // the bits set in every one of xs
	or(xs ...jen.Code) jen.Code                      // the bits set in any of xs
	orInto(name string, x jen.Code) jen.Code         // the statement adding x's bits to name
	emptyOf(w, mask string, board geom.Set) jen.Code // the bits of w on the board and not in mask
}

// word is the one abstraction of one word against two: a dialect for one
// board at a time, which the tables and the threat tests are written in
// too. [scalar] renders operators on a board of one word, [pair] calls of
// the methods that gen/twowords writes by hand for a board of two.
type word interface {
	dialect
	mask(m geom.Set) jen.Code                     // a constant mask
	elem(m geom.Set) jen.Code                     // a constant mask as an element of a table of masks
	nonZero(x jen.Code) jen.Code                  // whether x has a bit set
	onesCount(x jen.Code) jen.Code                // the number of bits of x
	trailingZeros(x jen.Code) jen.Code            // the lowest bit of x, 64 times the words for none
	plus(x, y jen.Code) jen.Code                  // x + y, word by word
	group(x jen.Code) jen.Code                    // x as an operand of and or or
	part(name string, w int) jen.Code             // word w of name
	block(f *jen.File) (*jen.Statement, jen.Code) // a new block of masks, and their type if written
}

// covers is whether the word name holds every bit of m, one test a word
// that holds some of them.
func covers(d word, name string, m geom.Set) jen.Code {
	var tests []jen.Code
	for w, part := range m {
		if part != 0 {
			tests = append(tests, jen.Add(d.part(name, w)).Op("&").Add(hex(part)).Op("==").Add(hex(part)))
		}
	}
	return jen.Custom(jen.Options{Separator: " &&"}, tests...)
}

// scalar renders plain Go operators on Bits, a uint64 on a board of one
// word (see kernel_gen.go in testdata/4x4.txtar).
type scalar struct{}

func (scalar) typ() jen.Code { return jen.Id("Bits") }

func (scalar) shift(name string, d direction, k int) jen.Code {
	return jen.Parens(jen.Id(name).Op(upDown(k, "<<", ">>")).Lit(max(k, -k) * d.step))
}

func (scalar) and(xs ...jen.Code) jen.Code { return jen.Custom(jen.Options{Separator: " &"}, xs...) }

func (scalar) or(xs ...jen.Code) jen.Code { return jen.Custom(jen.Options{Separator: " |"}, xs...) }

func (scalar) orInto(name string, x jen.Code) jen.Code { return jen.Id(name).Op("|=").Add(x) }

func (scalar) emptyOf(w, mask string, board geom.Set) jen.Code {
	return jen.Id(w).Op("&").Parens(hex(board[0]).Op("^").Id(mask))
}

func (scalar) mask(m geom.Set) jen.Code { return hex(m[0]) }

func (scalar) elem(m geom.Set) jen.Code { return hex(m[0]) }

func (scalar) nonZero(x jen.Code) jen.Code { return jen.Add(x).Op("!=").Lit(0) }

func (scalar) onesCount(x jen.Code) jen.Code {
	return jen.Qual("math/bits", "OnesCount64").Call(jen.Uint64().Call(x))
}

func (scalar) trailingZeros(x jen.Code) jen.Code {
	return jen.Qual("math/bits", "TrailingZeros64").Call(jen.Uint64().Call(x))
}

func (scalar) plus(x, y jen.Code) jen.Code { return jen.Add(x).Op("+").Add(y) }

func (scalar) group(x jen.Code) jen.Code { return jen.Parens(x) }

func (scalar) part(name string, _ int) jen.Code { return jen.Id(name) }

func (scalar) block(f *jen.File) (*jen.Statement, jen.Code) { return f.Const(), jen.Id("Bits") }

// methods renders and, or and orInto as method calls, x0.And(x1).And(x2),
// for the dialects whose words are values with methods: [pair] and [avx2].
type methods struct{}

func (methods) and(xs ...jen.Code) jen.Code { return chain("And", xs) }

func (methods) or(xs ...jen.Code) jen.Code { return chain("Or", xs) }

func (methods) orInto(name string, x jen.Code) jen.Code {
	return jen.Id(name).Op("=").Id(name).Dot("Or").Call(x)
}

// chain renders x0.op(x1).op(x2)...
func chain(op string, xs []jen.Code) jen.Code {
	st := jen.Add(xs[0])
	for _, x := range xs[1:] {
		st = st.Dot(op).Call(x)
	}
	return st
}

// avx2 renders the methods of archsimd.Uint64x4, four boards a vector. A
// shift takes its count from a vector holding it in every lane (VPSLLVQ,
// VPSRLVQ): with Go 1.26, ShiftAllLeft by a constant measured about 70
// times slower (batch's BenchmarkKernels). Rendering records the
// counts and masks used, which [avx2.body] declares first (see
// kernel_simd_gen.go in testdata/4x4.txtar).
type avx2 struct {
	methods
	counts []int    // the shift counts used, in order of first use
	board  []uint64 // the board mask, when used
}

func (*avx2) typ() jen.Code { return jen.Qual(archsimd, "Uint64x4") }

func (a *avx2) shift(name string, d direction, k int) jen.Code {
	n, method := max(k, -k)*d.step, upDown(k, "ShiftLeft", "ShiftRight")
	if !slices.Contains(a.counts, n) {
		a.counts = append(a.counts, n)
	}
	return jen.Id(name).Dot(method).Call(jen.Id(fmt.Sprintf("by%d", n)))
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

// pair renders calls of the methods of Bits on a board of two words,
// gen/twowords copied into bits_gen.go: a vertical shift stays within each
// word (Up, Down), the others move the cells beside the boundary from one
// word to the other (shl, shr), as in the kernel of testdata/6x10.txtar:
//
//	w := s.Up(1).And(s.Up(2)).And(s.Up(3))
//	lo11, hi11 := s.shl(11).And(s.shl(22)), s.shr(11).And(s.shr(22))
type pair struct{ methods }

func (pair) typ() jen.Code { return jen.Id("Bits") }

func (pair) shift(name string, d direction, k int) jen.Code {
	method := upDown(k, "shl", "shr")
	if d.dir == geom.Vertical { // within each word: no cell crosses
		method = upDown(k, "Up", "Down")
	}
	return jen.Id(name).Dot(method).Call(jen.Lit(max(k, -k) * d.step))
}

// upDown is up for k > 0 and down for k < 0: the operator or method of a
// shift up or down the layout.
func upDown(k int, up, down string) string {
	if k > 0 {
		return up
	}
	return down
}

func (p pair) emptyOf(w, mask string, board geom.Set) jen.Code {
	return jen.Id(w).Dot("And").Call(jen.Id(mask).Dot("Xor").Call(p.mask(board)))
}

func (p pair) mask(m geom.Set) jen.Code { return jen.Id("Bits").Add(p.elem(m)) }

func (pair) elem(m geom.Set) jen.Code { return jen.Values(hex(m[0]), hex(m[1])) }

func (pair) nonZero(x jen.Code) jen.Code { return jen.Op("!").Add(x).Dot("IsZero").Call() }

func (pair) onesCount(x jen.Code) jen.Code { return jen.Add(x).Dot("OnesCount").Call() }

func (pair) trailingZeros(x jen.Code) jen.Code { return jen.Add(x).Dot("TrailingZeros").Call() }

func (pair) plus(x, y jen.Code) jen.Code { return jen.Add(x).Dot("Add").Call(y) }

func (pair) group(x jen.Code) jen.Code { return x }

func (pair) part(name string, w int) jen.Code { return jen.Id(name).Dot([...]string{"lo", "hi"}[w]) }

func (pair) block(f *jen.File) (*jen.Statement, jen.Code) { return f.Var(), nil } // no struct is a constant
