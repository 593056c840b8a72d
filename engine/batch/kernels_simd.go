//go:build goexperiment.simd && amd64

package batch

import (
	"simd/archsimd"

	"github.com/fourgen/fourgen/engine/board"
)

// The AVX2 kernels: the same word operations as words.go, four boards per
// instruction, with the engine's generated AVX2 threat kernel
// (board.WinningCellsX4, board.FourCellsX4). Each handles the largest
// multiple of four boards.

// accelerated returns the AVX2 kernels when the processor has AVX2.
func accelerated() (kernelSet, bool) {
	if !archsimd.X86.AVX2() || board.Words != 1 {
		return kernelSet{}, false
	}
	return kernelSet{legal: legalAVX2, won: wonAVX2, winning: winningAVX2, nonLosing: nonLosingAVX2, play: playAVX2}, true
}

type vec = archsimd.Uint64x4

// Shifts use the per-lane forms (VPSRLVQ, VPSLLVQ) with the count in every
// lane: with Go 1.26.8, ShiftAllRight by a constant measured about 70 times
// slower than ShiftRight (BenchmarkKernels). The generated kernel does the
// same.

// splat is x in every lane.
func splat(x uint64) vec { return archsimd.BroadcastUint64x4(x) }

// nonzeroMask is all ones in the lanes of x that are not 0.
func nonzeroMask(x vec) vec {
	zero := splat(0)
	return x.Equal(zero).ToInt64x4().AsUint64x4().Not()
}

func legalVec(occ vec) vec {
	return occ.Add(splat(board.BottomMask.Word(0))).And(splat(board.BoardMask.Word(0)))
}

func legalAVX2(dst, occ []uint64) int {
	n := len(occ) &^ 3
	for i := 0; i < n; i += 4 {
		legalVec(archsimd.LoadUint64x4Slice(occ[i:])).StoreSlice(dst[i:])
	}
	return n
}

func wonAVX2(dst, cur, occ []uint64) int {
	n := len(occ) &^ 3
	one := splat(1)
	for i := 0; i < n; i += 4 {
		s := archsimd.LoadUint64x4Slice(cur[i:]).Xor(archsimd.LoadUint64x4Slice(occ[i:]))
		nonzeroMask(board.FourCellsX4(s)).And(one).StoreSlice(dst[i:])
	}
	return n
}

func winningAVX2(dst, cur, occ []uint64) int {
	n := len(occ) &^ 3
	for i := 0; i < n; i += 4 {
		c, o := archsimd.LoadUint64x4Slice(cur[i:]), archsimd.LoadUint64x4Slice(occ[i:])
		board.WinningCellsX4(c, o).StoreSlice(dst[i:])
	}
	return n
}

func nonLosingAVX2(dst, cur, occ []uint64) int {
	n := len(occ) &^ 3
	one := splat(1)
	for i := 0; i < n; i += 4 {
		c, o := archsimd.LoadUint64x4Slice(cur[i:]), archsimd.LoadUint64x4Slice(occ[i:])
		legal := legalVec(o)
		threats := board.WinningCellsX4(c.Xor(o), o)
		forced := legal.And(threats)
		sel := nonzeroMask(forced)
		moves := forced.And(sel).Or(legal.AndNot(sel))
		keep := nonzeroMask(forced.And(forced.Sub(one))).Not()
		moves.AndNot(threats.ShiftRight(splat(1))).And(keep).StoreSlice(dst[i:])
	}
	return n
}

func playAVX2(cells, cur, occ []uint64, stones []uint8) int {
	n := len(occ) &^ 3
	for i := 0; i < n; i += 4 {
		cell := archsimd.LoadUint64x4Slice(cells[i:])
		c, o := archsimd.LoadUint64x4Slice(cur[i:]), archsimd.LoadUint64x4Slice(occ[i:])
		moved := nonzeroMask(cell)
		c.Xor(o.And(moved)).StoreSlice(cur[i:])
		o.Or(cell).StoreSlice(occ[i:])
		st := stones[i : i+4 : i+4]
		st[0] += uint8(nonzero(cells[i]))
		st[1] += uint8(nonzero(cells[i+1]))
		st[2] += uint8(nonzero(cells[i+2]))
		st[3] += uint8(nonzero(cells[i+3]))
	}
	return n
}
