package main

import (
	"fmt"
	"slices"

	"github.com/dave/jennifer/jen"
)

// archsimd is the import path of Go's experimental SIMD package.
const archsimd = "simd/archsimd"

// dialect renders the word operations of the threat kernel: scalar Go on
// one uint64, or AVX2 on four boards at a time.
type dialect interface {
	typ() jen.Code                                 // the type of a word
	shift(name string, n int) jen.Code             // the word name shifted by n bits: left for n > 0, right for n < 0
	and(xs ...jen.Code) jen.Code                   // the bits set in every one of xs
	or(xs ...jen.Code) jen.Code                    // the bits set in any of xs
	orInto(name string, x jen.Code) jen.Code       // the statement adding x's bits to name
	emptyOf(w, mask string, board uint64) jen.Code // the bits of w on the board and not in mask
	zero() jen.Code                                // no bits
}

// scalar renders plain Go operators on uint64 (see kernel_gen.go in
// testdata/4x4.txtar).
type scalar struct{}

func (scalar) typ() jen.Code { return jen.Uint64() }

func (scalar) shift(name string, n int) jen.Code {
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

func (scalar) emptyOf(w, mask string, board uint64) jen.Code {
	return jen.Id(w).Op("&").Parens(hex(board).Op("^").Id(mask))
}

func (scalar) zero() jen.Code { return jen.Lit(0) }

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

func (a *avx2) emptyOf(w, mask string, board uint64) jen.Code {
	a.board = []uint64{board}
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
