package batch

import (
	"math/bits"

	"github.com/fourgen/fourgen/engine"
)

// Policy is how a playout chooses its moves.
type Policy uint8

const (
	// Random plays a uniformly random legal column.
	Random Policy = iota
	// Greedy makes four when it can; otherwise blocks the opponent's one
	// immediate threat and never plays directly below an opponent's winning
	// cell ([Boards.NonLosing]), at random among those moves; otherwise (every
	// move loses) plays a random legal column.
	Greedy
)

// String is the policy's name: "random" or "greedy".
func (p Policy) String() string {
	if p == Greedy {
		return "greedy"
	}
	return "random"
}

// Playouts plays batches of games to their end. It holds the scratch words
// of one batch size and a random generator: reuse it, but not from two
// goroutines at once.
type Playouts struct {
	policy                       Policy
	rng                          uint64 // state of a SplitMix64 generator
	legal, wins, safe, won, pick []uint64
	active                       []uint64 // 1 while the board's game goes on
}

// NewPlayouts returns playouts over batches of up to n boards with policy,
// whose random choices come from seed.
func NewPlayouts(n int, policy Policy, seed uint64) *Playouts {
	w := make([]uint64, 6*n)
	return &Playouts{policy: policy, rng: seed,
		legal: w[:n], wins: w[n : 2*n], safe: w[2*n : 3*n], won: w[3*n : 4*n], pick: w[4*n : 5*n], active: w[5*n:]}
}

// next is the next output of the SplitMix64 generator.
func (p *Playouts) next() uint64 {
	p.rng += 0x9e3779b97f4a7c15
	z := p.rng
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// Run plays every board of b (at most the size given to [NewPlayouts]) to
// the end of its game and sets result[i] to the outcome for the side to
// move on board i before the playout: 1 for a win, -1 for a loss, 0 for a
// draw (or a board already over). b is left holding the final positions.
// Run returns the number of moves played.
func (p *Playouts) Run(b *Boards, result []int8) int {
	n := b.Len()
	if len(result) < n || len(p.active) < n {
		b.check("Playouts.Run", min(len(result), len(p.active)))
	}
	legal, wins, safe, won, pick, active := p.legal[:n], p.wins[:n], p.safe[:n], p.won[:n], p.pick[:n], p.active[:n]
	b.Won(won)
	live := 0
	for i := range n {
		full := 1 - nonzero(uint64(b.Stones[i])^engine.Cells)
		active[i] = 1 &^ (won[i] | full)
		result[i] = 0
		live += int(active[i])
	}
	moves := 0
	for ply := 0; live > 0; ply++ {
		b.Legal(legal)
		if p.policy == Greedy {
			b.WinningCells(wins)
			b.NonLosing(safe)
		}
		for i := range n {
			c := legal[i]
			if p.policy == Greedy {
				// Winning cells if any, else safe ones if any, else any.
				w := wins[i] & c
				c = pickNonzero(w, pickNonzero(safe[i], c))
			}
			pick[i] = choose(c&-active[i], p.next())
		}
		b.Play(pick)
		b.Won(won)
		// The side to move before the playout moved on even plies.
		sign := int8(1 - 2*(ply&1))
		live = 0
		for i := range n {
			a := active[i]
			result[i] += int8(won[i]&a) * sign
			full := 1 - nonzero(uint64(b.Stones[i])^engine.Cells)
			active[i] = a &^ (won[i] | full)
			live += int(active[i])
			moves += int(a)
		}
	}
	return moves
}

// pickNonzero is x if x is not 0, else y.
func pickNonzero(x, y uint64) uint64 {
	sel := -nonzero(x)
	return x&sel | y&^sel
}

// choose is a uniformly random cell of cands (at most one per column), by
// the random word r; 0 if cands is empty. It takes no branch on cands.
func choose(cands, r uint64) uint64 {
	// k uniform in [0, count): the high word of a 32-bit fraction times count.
	k := (r >> 32) * uint64(bits.OnesCount64(cands)) >> 32
	// Clear the lowest cell k times (k < Width), then keep the lowest.
	for j := uint64(0); j < engine.Width-1; j++ {
		clear := -((j - k) >> 63) // all ones if j < k
		cands &= (cands - 1) | ^clear
	}
	return cands & -cands
}
