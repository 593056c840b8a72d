package main

import (
	"fmt"

	"github.com/dave/jennifer/jen"
	"github.com/fourgen/fourgen/internal/geom"
)

// The threat kernel is written once here, as the steps of [kernelWinning]
// and [kernelFours] over a [dialect], and rendered twice: as scalar Go for
// kernel_gen.go, which the search runs at every node, and as AVX2 vector
// code, four boards at a time, for kernel_simd_gen.go, which batch
// runs. A new board rule changes these steps and nothing else. The rendered
// code is pinned in testdata/*.txtar (go test ./gen -update rewrites it).

// emitKernelFile emits kernel_gen.go: WinningCellsOf, HasFour and FourCellsOf,
// the kernel the search runs at every node, straight-line code with the
// shift distances and masks as literals, one block per direction of the
// line table, each body from [kernelWinning] or [kernelFours]:
//
//	func WinningCellsOf(s, mask Bits) Bits {
//	func HasFour(s Bits) bool {
//	func FourCellsOf(s Bits) Bits {
func emitKernelFile(f *jen.File, b *board) {
	d := b.word
	doc(f, "WinningCellsOf")
	f.Func().Id("WinningCellsOf").Params(jen.Id("s"), jen.Id("mask").Add(d.typ())).Add(d.typ()).Block(kernelWinning(d, b)...)

	doc(f, "HasFour")
	body, fours := kernelFours(d, b)
	f.Func().Id("HasFour").Params(jen.Id("s").Add(d.typ())).Bool().Block(append(body, jen.Return(d.nonZero(fours)))...)

	doc(f, "FourCellsOf")
	body, fours = kernelFours(d, b)
	f.Func().Id("FourCellsOf").Params(jen.Id("s").Add(d.typ())).Add(d.typ()).Block(append(body, jen.Return(fours))...)
}

// emitKernelSIMDFile emits kernel_simd_gen.go: the kernel of kernel_gen.go
// on four boards at a time, one per lane of an AVX2 vector, built only with
// GOEXPERIMENT=simd on amd64, for batch. Each function declares the shift
// counts and the mask it uses first (4×4, from testdata/4x4.txtar):
//
//	func FourCellsX4(s archsimd.Uint64x4) archsimd.Uint64x4 {
//		by1 := archsimd.BroadcastUint64x4(1)
//		...
//		p1 := s.And(s.ShiftRight(by1)) // vertical: cells 1 bit apart (4 lines)
func emitKernelSIMDFile(f *jen.File, b *board) {
	if b.Words() == 2 { // a lane holds one word: gen/twowords/kernel_simd.go, which panics
		copySource(f, "twowords/kernel_simd.go")
		return
	}
	f.ImportName(archsimd, "archsimd")
	d := &avx2{}
	doc(f, "WinningCellsX4")
	f.Func().Id("WinningCellsX4").Params(jen.Id("s"), jen.Id("mask").Add(d.typ())).Add(d.typ()).Block(d.body(kernelWinning(d, b))...)
	d = &avx2{}
	body, fours := kernelFours(d, b)
	doc(f, "FourCellsX4")
	f.Func().Id("FourCellsX4").Params(jen.Id("s").Add(d.typ())).Add(d.typ()).Block(d.body(append(body, jen.Return(fours)))...)
}

// kernelWinning is the body of WinningCellsOf, one block per direction. A
// vertical four can only be completed on top of three stones; along the
// other directions the empty cell may be any of the four (xxx_, xx_x, x_xx,
// _xxx): two stones on one side (lo, hi) and one or two on the other. In
// the scalar dialect (4×4, from testdata/4x4.txtar):
//
//	w := (s << 1) & (s << 2) & (s << 3)
//	lo5, hi5 := (s<<5)&(s<<10), (s>>5)&(s>>10)
//	w |= lo5&(s<<15) | lo5&(s>>5) | hi5&(s<<5) | hi5&(s>>15)
//	...
//	return w & (0x000000000007bdef ^ mask) // empty cells of the board
func kernelWinning(d dialect, b *board) []jen.Code {
	var body []jen.Code
	k, half := b.InARow, b.InARow/2
	for i, dir := range b.dirs {
		n, sh := dir.step, func(k int) jen.Code { return d.shift("s", dir, k) }
		var found jen.Code
		if dir.dir == geom.Vertical {
			body = append(body, jen.Comment(fmt.Sprintf("%v; %s stones directly below the cell.", dir, numberWords[k-1])))
			found = d.and(shifts(sh, 1, k-1)...)
		} else {
			body = append(body, jen.Comment(dir.String()+"."))
			lo, hi := fmt.Sprintf("lo%d", n), fmt.Sprintf("hi%d", n)
			body = append(body, jen.List(jen.Id(lo), jen.Id(hi)).Op(":=").List(
				d.and(shifts(sh, 1, half)...), d.and(shifts(sh, -1, -half)...)))
			// The cell with a stones on one side (below) and k-1-a on the other,
			// from one of the runs of half (lo, hi) and single shifts: a ≥ half or
			// k-1-a ≥ half.
			var terms []jen.Code
			for a := k - 1; a >= 0; a-- {
				if a >= half {
					terms = append(terms, d.and(append(append([]jen.Code{jen.Id(lo)}, shifts(sh, half+1, a)...), shifts(sh, -1, a+1-k)...)...))
				} else {
					terms = append(terms, d.and(append(append([]jen.Code{jen.Id(hi)}, shifts(sh, -half-1, a+1-k)...), shifts(sh, 1, a)...)...))
				}
			}
			found = d.or(terms...)
		}
		if i == 0 {
			body = append(body, jen.Id("w").Op(":=").Add(found))
		} else {
			body = append(body, d.orInto("w", found))
		}
	}
	return append(body, jen.Return(d.emptyOf("w", "mask", b.BoardSet())).Comment("empty cells of the board"))
}

// numberWords name the stones below a vertical line's last cell.
var numberWords = []string{"no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven"}

// shifts is sh(j) for j from from to to, both of one sign, counting away
// from 0: none when to is nearer 0 than from.
func shifts(sh func(int) jen.Code, from, to int) []jen.Code {
	sign := 1
	if from < 0 {
		sign = -1
	}
	var xs []jen.Code
	for j := from * sign; j <= to*sign; j++ {
		xs = append(xs, sh(j*sign))
	}
	return xs
}

// kernelFours is the body of FourCellsOf and of HasFour before their
// return, and the word they return or test: per direction, runs of two
// (p), doubled (q, r) until twice the run reaches InARow, and the last run
// and-ed with itself shifted to cover InARow cells; all directions or-ed
// (before the one branch of HasFour). HasFour has its own copy of the body
// rather than calling FourCellsOf: an inlined call within an inlined call
// costs a NOP at every call site (go tool objdump), and HasFour is on the
// search's path. In the scalar dialect (4×4, from testdata/4x4.txtar):
//
//	p1 := s & (s >> 1) // vertical: cells 1 bit apart (4 lines)
//	...
//	return p1&(p1>>2)|p5&(p5>>10)|p6&(p6>>12)|p4&(p4>>8) != 0
func kernelFours(d dialect, b *board) (body []jen.Code, fours jen.Code) {
	var pairs []jen.Code
	for _, dir := range b.dirs {
		run, name := 2, fmt.Sprintf("p%d", dir.step)
		body = append(body, jen.Id(name).Op(":=").Add(d.and(jen.Id("s"), d.shift("s", dir, -1))).Comment(dir.String()))
		for level := 1; 2*run < b.InARow; level, run = level+1, 2*run {
			next := fmt.Sprintf("%c%d", "pqr"[level], dir.step)
			body = append(body, jen.Id(next).Op(":=").Add(d.and(jen.Id(name), d.shift(name, dir, -run))))
			name = next
		}
		pairs = append(pairs, d.and(jen.Id(name), d.shift(name, dir, run-b.InARow)))
	}
	return body, d.or(pairs...)
}

// direction is one direction of the line table, as the kernel sees it.
type direction struct {
	dir   geom.Direction
	step  int // bit distance between neighbouring cells of a line
	lines int // number of lines of four along it
}

// String describes the direction for the comments of the code that tests
// it: "vertical: cells 1 bit apart (21 lines)".
func (d direction) String() string {
	unit := "bits"
	if d.step == 1 {
		unit = "bit"
	}
	return fmt.Sprintf("%v: cells %d %s apart (%d lines)", d.dir, d.step, unit, d.lines)
}
