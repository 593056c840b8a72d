// This file bounds how many distinct positions a range of stones holds,
// so that a dataset asking for more unique positions than exist is
// refused at once instead of drawing random games without end.

package dataset

import (
	"math"
	"math/big"

	"github.com/fourgen/fourgen/engine/board"
)

// maxDistinct is an upper bound on the number of distinct positions with
// lo to hi stones (up to mirroring unless noMirror), true at every board
// size: it counts every way to stack n stones in the columns and colour
// them with the first player's ceil(n/2), reachable or not (on 7×6, 56
// with 2 stones where play reaches 49; the exact counts of 7×6 are OEIS
// A212693). Up to mirroring it counts the classes of those fillings under
// the left-right mirror (Burnside: the fillings plus the symmetric ones,
// halved). It saturates at math.MaxInt64.
func maxDistinct(lo, hi int, noMirror bool) uint64 {
	total := new(big.Int)
	for n := lo; n <= hi; n++ {
		f := new(big.Int).Mul(heightVectors(board.Width, n), binomial(n, (n+1)/2))
		if !noMirror {
			f.Add(f, symmetricFillings(n))
			f.Rsh(f, 1)
		}
		total.Add(total, f)
	}
	if !total.IsInt64() {
		return math.MaxInt64
	}
	return total.Uint64()
}

// symmetricFillings is the number of fillings of n stones that the mirror
// leaves alone: the left half's columns (P stones) repeated on the right,
// and the middle column (M stones) when the width is odd, with k of each
// mirrored pair of cells and the rest of the ceil(n/2) in the middle.
func symmetricFillings(n int) *big.Int {
	sum := new(big.Int)
	half := board.Width / 2
	for m := 0; m <= n; m++ {
		if (n-m)%2 != 0 || (board.Width%2 == 0 && m > 0) || m > board.Height {
			continue
		}
		p := (n - m) / 2
		colour := new(big.Int)
		for k := 0; k <= p; k++ {
			if mid := (n+1)/2 - 2*k; mid >= 0 && mid <= m {
				colour.Add(colour, new(big.Int).Mul(binomial(p, k), binomial(m, mid)))
			}
		}
		sum.Add(sum, colour.Mul(colour, heightVectors(half, p)))
	}
	return sum
}

// heightVectors is the number of ways to put n stones in cols columns of
// board.Height cells.
func heightVectors(cols, n int) *big.Int {
	ways := []*big.Int{big.NewInt(1)} // ways[s]: s stones in the columns so far
	for range cols {
		next := make([]*big.Int, len(ways)+board.Height)
		for s := range next {
			next[s] = new(big.Int)
		}
		for s, w := range ways {
			for h := 0; h <= board.Height; h++ {
				next[s+h].Add(next[s+h], w)
			}
		}
		ways = next
	}
	if n < 0 || n >= len(ways) {
		return new(big.Int)
	}
	return ways[n]
}

// binomial is n choose k, 0 outside 0 <= k <= n.
func binomial(n, k int) *big.Int {
	if k < 0 || k > n {
		return new(big.Int)
	}
	return new(big.Int).Binomial(int64(n), int64(k))
}
