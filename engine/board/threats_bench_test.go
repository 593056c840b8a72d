package board

import (
	"math/rand/v2"
	"testing"
)

// The threat benchmarks compare the generated per-cell tests with the
// shift-based code on the three questions a search asks, over one fixed
// set of positions. Each reports ns/pos, the time per position of the set;
// compare runs with benchstat over -count=10.

// threatBenchPositions returns 1024 positions from seeded random games,
// none of them won or full, spread over every stage of the game.
func threatBenchPositions(b *testing.B) []Position {
	rng := rand.New(rand.NewPCG(2024, 6))
	var set []Position
	for len(set) < 1024 {
		var p Position
		stop := rng.IntN(Cells)
		for p.Moves() < stop {
			legal := p.Legal()
			if legal.IsZero() {
				b.Fatalf("no legal move after %d moves:\n%v", p.Moves(), p)
			}
			for k := rng.IntN(legal.OnesCount()); k > 0; k-- {
				legal = legal.ClearLowest()
			}
			p.PlayMove(legal.Lowest())
			if p.IsWon() {
				break
			}
		}
		if !p.IsWon() && !p.IsFull() {
			set = append(set, p)
		}
	}
	return set
}

// benchSink keeps the benchmarked answers alive.
var benchSink int

// reportPerPosition reports the time per position of the set.
func reportPerPosition(b *testing.B, positions int) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*positions), "ns/pos")
}

// threatCounter answers one question for every position of a set, one
// way, and counts the yes answers.
type threatCounter struct {
	name  string
	count func([]Position) int
}

// winningMoveCounters count, over the set, the legal moves that win: each
// answers "does this move win?" for every legal move of every position.
var winningMoveCounters = []threatCounter{
	{"generated", func(set []Position) int {
		n := 0
		for _, p := range set {
			for legal := p.Legal(); !legal.IsZero(); legal = legal.ClearLowest() {
				if completesFour(p.current, legal.TrailingZeros()) {
					n++
				}
			}
		}
		return n
	}},
	{"shift", func(set []Position) int {
		n := 0
		for _, p := range set {
			for legal := p.Legal(); !legal.IsZero(); legal = legal.ClearLowest() {
				if !WinningCellsOf(p.current, p.mask).And(legal.Lowest()).IsZero() {
					n++
				}
			}
		}
		return n
	}},
	{"shift-once", func(set []Position) int { // one WinningCellsOf per position
		n := 0
		for _, p := range set {
			w := WinningCellsOf(p.current, p.mask)
			for legal := p.Legal(); !legal.IsZero(); legal = legal.ClearLowest() {
				if !w.And(legal.Lowest()).IsZero() {
					n++
				}
			}
		}
		return n
	}},
	{"HasFour", func(set []Position) int {
		n := 0
		for _, p := range set {
			for legal := p.Legal(); !legal.IsZero(); legal = legal.ClearLowest() {
				if HasFour(p.current.Or(legal.Lowest())) {
					n++
				}
			}
		}
		return n
	}},
}

// canWinNowCounters count the positions where the side to move can win.
var canWinNowCounters = []threatCounter{
	{"generated", func(set []Position) int {
		n := 0
		for _, p := range set {
			if canWinNow(p.current, p.mask) {
				n++
			}
		}
		return n
	}},
	{"shift", func(set []Position) int {
		n := 0
		for _, p := range set {
			if !WinningCellsOf(p.current, p.mask).And(p.Legal()).IsZero() {
				n++
			}
		}
		return n
	}},
}

// threatCellCounters count the empty cells where the side to move would
// complete four, playable or not.
var threatCellCounters = []threatCounter{
	{"generated", func(set []Position) int {
		n := 0
		for _, p := range set {
			w := NoCells
			for empty := BoardMask.AndNot(p.mask); !empty.IsZero(); empty = empty.ClearLowest() {
				if completesFour(p.current, empty.TrailingZeros()) {
					w = w.Or(empty.Lowest())
				}
			}
			n += w.OnesCount()
		}
		return n
	}},
	{"shift", func(set []Position) int {
		n := 0
		for _, p := range set {
			n += WinningCellsOf(p.current, p.mask).OnesCount()
		}
		return n
	}},
}

// benchCounters runs one sub-benchmark per counter, after checking that
// every counter gives the same answer.
func benchCounters(b *testing.B, counters []threatCounter) {
	set := threatBenchPositions(b)
	want := counters[0].count(set)
	for _, c := range counters[1:] {
		if got := c.count(set); got != want {
			b.Fatalf("%s counts %d, %s %d", c.name, got, counters[0].name, want)
		}
	}
	for _, c := range counters {
		b.Run(c.name, func(b *testing.B) {
			n := 0
			for b.Loop() {
				n += c.count(set)
			}
			benchSink = n
			reportPerPosition(b, len(set))
		})
	}
}

// BenchmarkWinningMove asks "does this move win?" of every legal move.
func BenchmarkWinningMove(b *testing.B) { benchCounters(b, winningMoveCounters) }

// BenchmarkCanWinNow asks "can the side to move win now?".
func BenchmarkCanWinNow(b *testing.B) { benchCounters(b, canWinNowCounters) }

// BenchmarkThreatCells asks "which cells are threats?".
func BenchmarkThreatCells(b *testing.B) { benchCounters(b, threatCellCounters) }

// threatUpdateCounters count, over every legal move of every position, the
// mover's threat cells after the move: the search's question when it
// passes a node's threats to its child. "generated" updates the threats
// before the move by testing, with the per-cell tests, only the empty
// cells on a line through the stone just played (no other cell can change);
// "shift" runs the kernel over the whole board again.
var threatUpdateCounters = []threatCounter{
	{"generated", func(set []Position) int {
		n := 0
		for _, p := range set {
			before := WinningCellsOf(p.current, p.mask)
			for legal := p.Legal(); !legal.IsZero(); legal = legal.ClearLowest() {
				move := legal.Lowest()
				cell := legal.TrailingZeros()
				s, mask := p.current.Or(move), p.mask.Or(move)
				near := NoCells
				for _, l := range linesThrough[cell] {
					near = near.Or(lineMask[l])
				}
				w := before.AndNot(move)
				for c := near.AndNot(mask).AndNot(w); !c.IsZero(); c = c.ClearLowest() {
					if completesFour(s, c.TrailingZeros()) {
						w = w.Or(c.Lowest())
					}
				}
				n += w.OnesCount()
			}
		}
		return n
	}},
	{"shift", func(set []Position) int {
		n := 0
		for _, p := range set {
			for legal := p.Legal(); !legal.IsZero(); legal = legal.ClearLowest() {
				move := legal.Lowest()
				n += WinningCellsOf(p.current.Or(move), p.mask.Or(move)).OnesCount()
			}
		}
		return n
	}},
}

// BenchmarkThreatUpdate asks "which are the mover's threats after this
// move?" of every legal move, given the threats before it.
func BenchmarkThreatUpdate(b *testing.B) { benchCounters(b, threatUpdateCounters) }
