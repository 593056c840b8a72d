package agent

import (
	"context"
	"math"
	"math/rand/v2"
	"strconv"

	"github.com/fourgen/fourgen/engine/batch"
	"github.com/fourgen/fourgen/engine/board"
)

// MaxMCTSPlayouts is the largest N of an "mcts:N" agent.
const MaxMCTSPlayouts = 10_000_000

// rolloutBatch is the number of greedy playouts the MCTS agent runs, as one
// batch, from each leaf it adds to its tree.
const rolloutBatch = 32

// exploration is the UCT constant: a child's mean value plus exploration
// times sqrt(ln(parent visits)/child visits) is maximised.
const exploration = 1.0

// mctsAgent is a Monte-Carlo tree search (UCT) with batched rollouts: each
// iteration walks the tree to a leaf, adds one child and plays
// [rolloutBatch] greedy playouts from it in lockstep ([batch.Playouts]).
type mctsAgent struct {
	playouts int
	rng      *rand.Rand
	src      *rand.PCG // rng's, rewound by a failed move
	boards   *batch.Boards
	result   []int8
}

// newMCTS returns an MCTS agent that plays n playouts per move.
func newMCTS(n int, opts Options) *mctsAgent {
	size := min(n, rolloutBatch)
	rng, src := newRewindable(opts.Seed)
	return &mctsAgent{playouts: n, rng: rng, src: src, boards: batch.New(size), result: make([]int8, size)}
}

func (a *mctsAgent) Name() string { return "mcts:" + strconv.Itoa(a.playouts) }

// node is a position of the search tree.
type node struct {
	pos      board.Position
	children []*node
	untried  board.Bits // cells not yet expanded
	visits   float64    // playouts through this node
	value    float64    // their total value for the side that moved into pos: 1 a win, ½ a draw
	terminal bool       // the game's value at pos is known: value/visits is exact
}

// newNode returns the node of p, where the last move was just played.
func newNode(p board.Position) *node {
	n := &node{pos: p}
	switch {
	case p.IsWon(), p.IsFull(), p.CanWinNow():
		n.terminal = true
	default:
		n.untried = candidates(p)
	}
	return n
}

// terminalValue is the value of a terminal node's position for the side
// that moved into it.
func terminalValue(p board.Position) float64 {
	switch {
	case p.IsWon():
		return 1
	case p.CanWinNow(): // the side to move wins at once
		return 0
	}
	return 0.5 // full board
}

// candidates is the set of cells worth trying in p: those after which the
// opponent cannot make four at once, or every legal cell if none is.
func candidates(p board.Position) board.Bits {
	legal := p.Legal()
	threats := p.OpponentWinningCells()
	safe := legal.AndNot(threats.Down(1)) // never below an opponent's winning cell
	if forced := legal.And(threats); !forced.IsZero() {
		safe = forced.AndNot(threats.Down(1))
		if !forced.ClearLowest().IsZero() {
			safe = board.NoCells // two threats: every move loses
		}
	}
	if safe.IsZero() {
		return legal
	}
	return safe
}

func (a *mctsAgent) Move(ctx context.Context, p board.Position) (int, error) {
	return rewound(ctx, p, a.src, a.move)
}

// move is Move's choice, drawing from a.rng.
func (a *mctsAgent) move(ctx context.Context, p board.Position) (int, error) {
	if err := playable(ctx, p); err != nil {
		return -1, err
	}
	// Make four at once when possible; with one sensible move, play it.
	if wins := p.WinningCells().And(p.Legal()); !wins.IsZero() {
		return pick(a.rng, columns(wins)), nil
	}
	cands := candidates(p)
	if cands.OnesCount() == 1 {
		return columnOf(cands), nil
	}
	root := &node{pos: p, untried: cands}
	pl := batch.NewPlayouts(a.boards.Len(), batch.Greedy, a.rng.Uint64())
	for done := 0; done < a.playouts; done += a.boards.Len() {
		if err := ctx.Err(); err != nil {
			return -1, err
		}
		a.iterate(root, pl)
	}
	best, most := -1, -1.0
	for _, c := range root.children {
		if c.visits > most {
			best, most = columnOf(c.pos.Occupied().AndNot(p.Occupied())), c.visits
		}
	}
	return best, nil
}

// iterate runs one iteration: select a leaf, expand one child, play a batch
// of playouts from it (or score it exactly), and back the result up.
func (a *mctsAgent) iterate(root *node, pl *batch.Playouts) {
	path := []*node{root}
	n := root
	// 1. Select: descend by UCT while every candidate has a child.
	for !n.terminal && n.untried.IsZero() && len(n.children) > 0 {
		n = bestChild(n)
		path = append(path, n)
	}
	// 2. Expand one untried cell, chosen at random.
	if !n.terminal && !n.untried.IsZero() {
		cells := columns(n.untried)
		col := pick(a.rng, cells)
		cell := n.untried.And(board.ColumnMask(col))
		n.untried = n.untried.AndNot(cell)
		child := n.pos
		child.PlayMove(cell)
		c := newNode(child)
		n.children = append(n.children, c)
		n = c
		path = append(path, n)
	}
	// 3. Evaluate: exactly at a terminal node, else by batched playouts.
	k := float64(a.boards.Len())
	var v float64 // total value for the side that moved into n
	if n.terminal {
		v = k * terminalValue(n.pos)
	} else {
		a.boards.Fill(n.pos)
		pl.Run(a.boards, a.result)
		for _, r := range a.result {
			v += float64(1-r) / 2 // r is for the side to move at n
		}
	}
	// 4. Back up, flipping the point of view at each level.
	for i := len(path) - 1; i >= 0; i-- {
		path[i].visits += k
		path[i].value += v
		v = k - v
	}
}

// bestChild is the child of n with the highest UCT score.
func bestChild(n *node) *node {
	var best *node
	bestScore := math.Inf(-1)
	logN := math.Log(n.visits)
	for _, c := range n.children {
		score := c.value/c.visits + exploration*math.Sqrt(logN/c.visits)
		if score > bestScore {
			best, bestScore = c, score
		}
	}
	return best
}
