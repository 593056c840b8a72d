package batch

import (
	"math/rand/v2"
	"slices"
	"testing"

	"golang.org/x/sys/cpu"

	"github.com/fourgen/fourgen/engine/board"
)

// withKernels runs f with ks as the kernel set in use.
func withKernels(ks kernelSet, f func()) {
	saved := kernels
	kernels = ks
	defer func() { kernels = saved }()
	f()
}

// randomBoards returns n boards of random games of random lengths,
// stopped at the first four or a full board.
func randomBoards(rng *rand.Rand, n int) *Boards {
	b := New(n)
	for i := range n {
		var p board.Position
		for plies := rng.IntN(board.Cells + 1); plies > 0 && !p.IsWon() && !p.IsFull(); plies-- {
			col := rng.IntN(board.Width)
			for !p.CanPlay(col) {
				col = (col + 1) % board.Width
			}
			p.Play(col)
		}
		b.Set(i, p)
	}
	return b
}

// TestAcceleratedAgreesWithPortable runs every kernel of this build's
// accelerated set and the portable loops on the same random boards and
// compares the results word for word. It skips in builds without an
// accelerated set (build with GOEXPERIMENT=simd on amd64), and in one with
// it only where the processor lacks AVX2, saying so.
func TestAcceleratedAgreesWithPortable(t *testing.T) {
	oneWord(t)
	fast, ok := accelerated()
	switch {
	case ok:
	case !simdBuild:
		t.Skip("SKIP: no accelerated kernels in this build (GOEXPERIMENT=simd on amd64 builds the AVX2 ones)")
	case !cpu.X86.HasAVX2:
		t.Skip("SKIP: this processor lacks AVX2: the AVX2 kernels are built but cannot run here")
	default:
		t.Fatal("the AVX2 kernels are built and the processor has AVX2, but accelerated() offers none")
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 3, 4, 5, 8, 63, 1024, 4099} {
		b := randomBoards(rng, n)
		type outputs struct{ legal, won, wins, safe, cur, occ []uint64 }
		run := func() outputs {
			o := outputs{make([]uint64, n), make([]uint64, n), make([]uint64, n), make([]uint64, n), nil, nil}
			b.Legal(o.legal)
			b.Won(o.won)
			b.WinningCells(o.wins)
			b.NonLosing(o.safe)
			c := &Boards{slices.Clone(b.Current), slices.Clone(b.Occupied), slices.Clone(b.Stones)}
			cells := make([]uint64, n)
			for i := range cells {
				if i%4 > 0 { // leave every fourth board unchanged
					cells[i] = o.legal[i] & -o.legal[i]
				}
			}
			c.Play(cells)
			o.cur, o.occ = c.Current, c.Occupied
			return o
		}
		var slow, quick outputs
		withKernels(portable, func() { slow = run() })
		withKernels(fast, func() { quick = run() })
		for name, pair := range map[string][2][]uint64{
			"Legal": {slow.legal, quick.legal}, "Won": {slow.won, quick.won},
			"WinningCells": {slow.wins, quick.wins}, "NonLosing": {slow.safe, quick.safe},
			"Play current": {slow.cur, quick.cur}, "Play occupied": {slow.occ, quick.occ},
		} {
			if i := firstDifference(pair[0], pair[1]); i >= 0 {
				t.Errorf("%d boards: %s differs at board %d: portable %#x, accelerated %#x", n, name, i, pair[0][i], pair[1][i])
			}
		}
	}
}

// firstDifference is the first index where a and b differ, or -1.
func firstDifference(a, b []uint64) int {
	for i := range a {
		if a[i] != b[i] {
			return i
		}
	}
	return -1
}
