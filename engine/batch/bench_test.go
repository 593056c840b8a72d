package batch

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/fourgen/fourgen/engine/board"
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
// with each policy and batch size: one op is one batch. "fused" is
// [Playouts.Run]; "ops/portable" and "ops/simd" step the batch with the
// whole-batch operations (Legal, WinningCells, NonLosing, Play, Won), one
// pass each per move, with each kernel set.
func BenchmarkPlayouts(b *testing.B) {
	oneWord(b)
	for _, policy := range []Policy{Random, Greedy} {
		for _, n := range benchSizes {
			b.Run(fmt.Sprintf("%s/fused/B=%d", policy, n), func(b *testing.B) {
				boards := New(n)
				pl := NewPlayouts(n, policy, 1)
				result := make([]int8, n)
				moves, games := 0, 0
				for b.Loop() {
					boards.Fill(board.Position{})
					moves += pl.Run(boards, result)
					games += n
				}
				reportRates(b, moves, games)
			})
			for _, v := range kernelVariants() {
				b.Run(fmt.Sprintf("%s/ops/%s/B=%d", policy, v.name, n), func(b *testing.B) {
					defer withKernelsUntil(v.ks)()
					boards := New(n)
					st := newStepper(n, policy)
					moves, games := 0, 0
					for b.Loop() {
						boards.Fill(board.Position{})
						moves += st.run(boards)
						games += n
					}
					reportRates(b, moves, games)
				})
			}
		}
	}
}

// stepper plays a batch to the end with the whole-batch operations, one
// pass over the batch per operation and move: the form that the kernel
// sets (portable or SIMD) speed up.
type stepper struct {
	policy                               Policy
	rng                                  *rand.Rand
	legal, wins, safe, won, pick, active []uint64
}

func newStepper(n int, policy Policy) *stepper {
	w := func() []uint64 { return make([]uint64, n) }
	return &stepper{policy, rand.New(rand.NewPCG(1, 2)), w(), w(), w(), w(), w(), w()}
}

// run plays every board to the end and returns the moves played.
func (s *stepper) run(b *Boards) int {
	for i := range s.active {
		s.active[i] = 1
	}
	moves := 0
	for live := b.Len(); live > 0; {
		b.Legal(s.legal)
		if s.policy == Greedy {
			b.WinningCells(s.wins)
			b.NonLosing(s.safe)
		}
		for i, c := range s.legal {
			if s.policy == Greedy {
				c = pickNonzero(s.wins[i]&c, pickNonzero(s.safe[i], c))
			}
			s.pick[i] = choose(c&-s.active[i], s.rng.Uint64())
		}
		b.Play(s.pick)
		b.Won(s.won)
		live = 0
		for i, a := range s.active {
			full := 1 - nonzero(uint64(b.Stones[i])^board.Cells)
			s.active[i] = a &^ (s.won[i] | full)
			live += int(s.active[i])
			moves += int(a)
		}
	}
	return moves
}

// BenchmarkScalarPlayouts plays the same random and greedy games one at a
// time with board.Position, the baseline of BenchmarkPlayouts.
func BenchmarkScalarPlayouts(b *testing.B) {
	oneWord(b)
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

// scalarPlayout plays one game from the empty board with board.Position
// and returns its number of moves.
func scalarPlayout(rng *rand.Rand, policy Policy) int {
	var p board.Position
	for !p.IsWon() && !p.IsFull() {
		cands := p.Legal()
		if policy == Greedy {
			if w := p.WinningCells().And(cands); !w.IsZero() {
				cands = w
			} else if threats := p.OpponentWinningCells(); !threats.And(cands).IsZero() {
				cands = cands.And(threats)
				if cands.OnesCount() > 1 {
					cands = p.Legal() // two threats: every move loses
				} else if !cands.And(threats.Down(1)).IsZero() {
					cands = p.Legal()
				}
			} else if safe := cands.AndNot(threats.Down(1)); !safe.IsZero() {
				cands = safe
			}
		}
		for k := rng.IntN(cands.OnesCount()); k > 0; k-- {
			cands = cands.ClearLowest()
		}
		p.PlayMove(cands.Lowest())
	}
	return p.Moves()
}

// BenchmarkKernels times each whole-batch operation on random boards: one
// op is one call over the batch; moves/s counts boards handled per second.
func BenchmarkKernels(b *testing.B) {
	oneWord(b)
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
