package batch

import (
	"math/bits"

	"github.com/fourgen/fourgen/engine/board"
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
	policy Policy
	rng    uint64   // state of a SplitMix64 generator
	active []uint64 // 1 while the board's game goes on
}

// NewPlayouts returns playouts over batches of up to n boards with policy,
// whose random choices come from seed.
func NewPlayouts(n int, policy Policy, seed uint64) *Playouts {
	return &Playouts{policy: policy, rng: seed, active: make([]uint64, n)}
}

// next is the next output of the SplitMix64 generator.
func (p *Playouts) next() uint64 {
	p.rng += 0x9e3779b97f4a7c15
	z := p.rng
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// chunk is the number of boards a playout steps together to the end of
// their games: few enough that their words stay in the first-level cache.
const chunk = 256

// Run plays every board of b (at most the size given to [NewPlayouts]) to
// the end of its game and sets result[i] to the outcome for the side to
// move on board i before the playout: 1 for a win, -1 for a loss, 0 for a
// draw (or a board already over). b is left holding the final positions.
// Run returns the number of moves played.
//
// Each step of a chunk of boards is one fused, branch-free pass over them:
// the words of a board are read once, and its legal, winning and safe
// cells, the random choice among them, the move and the test for four are
// computed in registers.
func (p *Playouts) Run(b *Boards, result []int8) int {
	n := b.Len()
	if len(result) < n || len(p.active) < n {
		b.check("Playouts.Run", min(len(result), len(p.active)))
	}
	moves := 0
	for lo := 0; lo < n; lo += chunk {
		hi := min(lo+chunk, n)
		moves += p.run(b.Current[lo:hi], b.Occupied[lo:hi], b.Stones[lo:hi], result[lo:hi], p.active[lo:hi])
	}
	return moves
}

// run plays the boards of one chunk to the end; see [Playouts.Run].
func (p *Playouts) run(cur, occ []uint64, stones []uint8, result []int8, active []uint64) int {
	live := 0
	for i := range occ {
		full := 1 - nonzero(uint64(stones[i])^board.Cells)
		active[i] = 1 &^ (nonzero(fourCellsOf(cur[i]^occ[i])) | full)
		result[i] = 0
		live += int(active[i])
	}
	greedy := p.policy == Greedy
	moves := 0
	for ply := 0; live > 0; ply++ {
		// The side to move before the playout moves on even plies.
		sign := int8(1 - 2*(ply&1))
		live = 0
		for i := range occ {
			a, c, o := active[i], cur[i], occ[i]
			cands := legalOf(o)
			if greedy { // the same branch for every board
				// Winning cells if any, else safe ones if any, else any.
				cands = pickNonzero(winningCellsOf(c, o)&cands, pickNonzero(nonLosingWord(c, o), cands))
			}
			cell := choose(cands&-a, p.next())
			c ^= o & -a // the side that moves next owns the other stones
			o |= cell
			won := nonzero(fourCellsOf(c^o)) & a
			full := 1 - nonzero(uint64(stones[i])+a^board.Cells)
			cur[i], occ[i] = c, o
			stones[i] += uint8(a)
			result[i] += int8(won) * sign
			active[i] = a &^ (won | full)
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
	for j := uint64(0); j < board.Width-1; j++ {
		clear := -((j - k) >> 63) // all ones if j < k
		cands &= (cands - 1) | ^clear
	}
	return cands & -cands
}
