package batch

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/fourgen/fourgen/engine"
)

// benchSizes are the batch sizes of the benchmarks.
var benchSizes = []int{1, 64, 1024, 65536}

// kernelVariants are the kernel sets to compare: the portable loops and,
// in a build that has them, the accelerated kernels.
func kernelVariants() []struct {
	name string
	ks   kernelSet
} {
	v := []struct {
		name string
		ks   kernelSet
	}{{"portable", portable}}
	if fast, ok := accelerated(); ok {
		v = append(v, struct {
			name string
			ks   kernelSet
		}{"simd", fast})
	}
	return v
}

// reportRates reports moves/s and playouts/s for moves and games done in
// the benchmark's elapsed time.
func reportRates(b *testing.B, moves, games int) {
	s := b.Elapsed().Seconds()
	b.ReportMetric(float64(moves)/s, "moves/s")
	b.ReportMetric(float64(games)/s, "playouts/s")
}

// BenchmarkPlayouts plays batches of games from the empty board to the end
// with each policy, batch size and kernel set: one op is one batch.
func BenchmarkPlayouts(b *testing.B) {
	for _, policy := range []Policy{Random, Greedy} {
		for _, v := range kernelVariants() {
			for _, n := range benchSizes {
				b.Run(fmt.Sprintf("%s/%s/B=%d", policy, v.name, n), func(b *testing.B) {
					defer withKernelsUntil(v.ks)()
					boards := New(n)
					pl := NewPlayouts(n, policy, 1)
					result := make([]int8, n)
					moves, games := 0, 0
					for b.Loop() {
						boards.Fill(engine.Position{})
						moves += pl.Run(boards, result)
						games += n
					}
					reportRates(b, moves, games)
				})
			}
		}
	}
}

// BenchmarkScalarPlayouts plays the same random and greedy games one at a
// time with engine.Position, the baseline of BenchmarkPlayouts.
func BenchmarkScalarPlayouts(b *testing.B) {
	for _, policy := range []Policy{Random, Greedy} {
		b.Run(policy.String(), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(1, 2))
			moves, games := 0, 0
			for b.Loop() {
				moves += scalarPlayout(rng, policy)
				games++
			}
			reportRates(b, moves, games)
		})
	}
}

// scalarPlayout plays one game from the empty board with engine.Position
// and returns its number of moves.
func scalarPlayout(rng *rand.Rand, policy Policy) int {
	var p engine.Position
	for !p.IsWon() && !p.IsFull() {
		cands := p.Legal()
		if policy == Greedy {
			if w := p.WinningCells() & cands; w != 0 {
				cands = w
			} else if threats := p.OpponentWinningCells(); threats&cands != 0 {
				cands &= threats
				if bits.OnesCount64(cands) > 1 {
					cands = p.Legal() // two threats: every move loses
				} else if cands&(threats>>1) != 0 {
					cands = p.Legal()
				}
			} else if safe := cands &^ (threats >> 1); safe != 0 {
				cands = safe
			}
		}
		for k := rng.IntN(bits.OnesCount64(cands)); k > 0; k-- {
			cands &= cands - 1
		}
		p.PlayMove(cands & -cands)
	}
	return p.Moves()
}

// BenchmarkKernels times each whole-batch operation on random boards: one
// op is one call over the batch; moves/s counts boards handled per second.
func BenchmarkKernels(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range benchSizes {
		boards := randomBoards(rng, n)
		dst := make([]uint64, n)
		ops := []struct {
			name string
			f    func()
		}{
			{"Legal", func() { boards.Legal(dst) }},
			{"Won", func() { boards.Won(dst) }},
			{"WinningCells", func() { boards.WinningCells(dst) }},
			{"NonLosing", func() { boards.NonLosing(dst) }},
		}
		for _, v := range kernelVariants() {
			for _, op := range ops {
				b.Run(fmt.Sprintf("%s/%s/B=%d", op.name, v.name, n), func(b *testing.B) {
					defer withKernelsUntil(v.ks)()
					boardsDone := 0
					for b.Loop() {
						op.f()
						boardsDone += n
					}
					b.ReportMetric(float64(boardsDone)/b.Elapsed().Seconds(), "boards/s")
				})
			}
		}
	}
}

// withKernelsUntil makes ks the kernel set in use and returns the function
// that restores the previous one.
func withKernelsUntil(ks kernelSet) func() {
	saved := kernels
	kernels = ks
	return func() { kernels = saved }
}
