package engine

import (
	"github.com/fourgen/fourgen/engine/board"
)

// This file is the search's inner loop: a fail-soft negamax alpha-beta on
// the position's two words, called with null windows by the drivers in
// solver.go. It allocates nothing and calls no interface.

// etcPlies is the number of stones below which a node looks up all its
// children in the table before searching any (enhanced transposition
// cutoff).
const etcPlies = 30

// threats are the empty cells where each side would make four. A node
// gets them from its parent, which knew them, instead of computing them
// again: the parent's own threats after its move are the child's
// opponent's, and the parent's opponent's threats, less the cell the move
// filled, are the child's own. (Two fewer WinningCellsOf per node.)
type threats struct {
	mine   board.Bits // the side to move's
	theirs board.Bits // the opponent's
}

// threatsOf computes p's threats from scratch, for a search's root.
func threatsOf(p board.Position) threats {
	return threats{board.WinningCellsOf(p.Current(), p.Occupied()), board.WinningCellsOf(p.Opponent(), p.Occupied())}
}

// after is the threats of the position after the side to move plays move,
// which leaves it the threats ownWins.
func (t threats) after(move, ownWins board.Bits) threats {
	return threats{mine: t.theirs.AndNot(move), theirs: ownWins}
}

// negamax returns a bound on the score of p for the side to move: a value
// v ≤ alpha is an upper bound, v ≥ beta a lower bound, anything between is
// exact. t must be p's threats (see threatsOf). The side to move must not
// be able to win at once. After the solver is stopped it returns 0, which
// callers must ignore.
func (s *searcher) negamax(p board.Position, alpha, beta int, t threats) int {
	s.nodes++
	if s.nodes%pollInterval == 0 && s.poll() {
		return 0
	}

	// 1. Moves that do not lose at once (with none, the opponent wins next).
	moves := board.NonLosingMovesOf(p.Legal(), t.theirs)
	if moves.IsZero() {
		return -board.WinScore(p.Moves() + 1)
	}
	if p.Moves() >= board.Cells-2 {
		return 0 // both players' last stones cannot win: a draw
	}

	// 2. Clip the window to what is still possible: the opponent cannot
	// win with its next stone, and we cannot win with this one.
	alpha, beta, v, done := clip(alpha, beta, -board.WinScore(p.Moves()+3), board.WinScore(p.Moves()+2))
	if done {
		return v
	}

	// 3. The opening book knows every position of its stone count.
	if alpha, beta, v, done = s.bookWindow(p, alpha, beta); done {
		return v
	}

	// 4. A forced move is played without a table entry.
	if moves.ClearLowest().IsZero() {
		return s.playForced(p, moves, alpha, beta, t.after(moves, board.WinningCellsOf(p.Current().Or(moves), p.Occupied().Or(moves))))
	}

	// 5. Near the horizon the window sets, a short static search.
	if settledStatically(p.Moves(), alpha, beta) {
		return staticBound(p, moves, alpha, beta)
	}

	// 6. The transposition table: a stored bound narrows the window, and its
	// best move is tried first. (The parent prefetched the bucket.)
	key := tableKey(p)
	entry := s.table.locate(key)
	ttMove, alpha, beta, v, done, cutBefore := probeWindow(entry, key != p.Key(), alpha, beta)
	if done {
		return v
	}

	// 7. Claimeven (see claimevenBound): when no column, or two or four, hold
	// an odd number of stones, the side that just moved owns the even rows.
	opp := p.Opponent()
	if pair, ok := claimevenPair(p.Legal()); ok && (beta > -1 || -evenThreatsLate(t.theirs, pair) <= alpha) {
		if alpha, beta, v, done = clip(alpha, beta, -board.Cells, claimevenBound(p.Current(), opp, board.BoardMask.AndNot(p.Occupied()), pair, t.theirs)); done {
			return v
		}
	}

	// 8. Look at every child before searching any (see orderMoves). When none
	// wins with our next stone, none scores more than a win with the one after.
	var list moveList
	if v, done = orderMoves(s.table, p, moves, t, ttMove, &list, alpha, beta); done {
		return v
	}
	if alpha, beta, v, done = clip(alpha, beta, -board.Cells, board.WinScore(p.Moves()+4)); done {
		return v
	}

	// 9. Enhanced transposition cutoff (see childRefutes).
	var skip board.Bits
	best, bestMove := -board.Cells, -1
	if p.Moves() < etcPlies && !settledStatically(p.Moves()+1, -beta, -alpha) {
		if v, done, skip, best = s.childRefutes(p, opp, &list, alpha, beta); done {
			return v
		}
	}

	// 10. Search the children, best first. With other threads, a child another
	// is searching is put off until the rest are done, within deferDepth plies
	// of the search's root (s.deferBelow), unless it comes first in a node
	// that failed high before (cutBefore: it likely settles the node alone).
	start, alpha0, deferred, put := s.nodes, alpha, board.NoCells, false
	for pass := 0; pass < 2; pass++ {
		for i := range list.n {
			move := list.move[i]
			if pass == 1 && deferred.And(move).IsZero() || !skip.And(move).IsZero() {
				continue
			}
			child := p
			child.PlayMove(move)
			// (Not one call behind flags: that measured 1.2% more instructions.)
			if s.busy != nil && pass == 0 && p.Moves() < s.deferBelow && (i > 0 || !cutBefore) {
				if v, put = s.searchUnlessBusy(child, alpha, beta, t.after(move, list.wins[i])); put {
					deferred = deferred.Or(move)
					continue
				}
			} else {
				v = -s.negamax(child, -beta, -alpha, t.after(move, list.wins[i]))
			}
			if s.stopped {
				return 0
			}
			if v > best {
				best, bestMove = v, board.ColumnOf(move)
			}
			if v >= beta {
				deferred = board.NoCells
				break
			}
			alpha = max(alpha, v)
		}
		if deferred.IsZero() {
			break
		}
	}

	// 11. Remember the result.
	s.table.store(entry, best, boundOf(best, alpha0, beta), storedMove(bestMove, key != p.Key()), s.nodes-start)
	return best
}

// playForced is the score bound of p, searched with the window (alpha,
// beta), when its side to move has the one non-losing move move: the
// child's, whose threats are t, searched without a table entry at p. The
// child's bucket is prefetched unless the child is settled statically.
// (The caller computes the child's threats: the profile-guided build
// inlines the kernel only where a hot call of it is written, and
// playForced is itself inlined into negamax.)
func (s *searcher) playForced(p board.Position, move board.Bits, alpha, beta int, t threats) int {
	child := p
	child.PlayMove(move)
	if !settledStatically(child.Moves(), -beta, -alpha) {
		prefetch(&s.table.locate(tableKey(child)).bucket[0])
	}
	return -s.negamax(child, -beta, -alpha, t)
}

// clip narrows the window (alpha, beta) to the interval [lo, hi] the score
// is known to lie in. When no window is left, done reports it, with the
// bound to return: lo when it reaches beta, else hi (which is at most
// alpha). (Windows pass by value: pointers to alpha and beta would keep
// them out of registers in negamax.)
func clip(alpha, beta, lo, hi int) (a, b, v int, done bool) {
	if lo > alpha {
		if alpha = lo; alpha >= beta {
			return alpha, beta, alpha, true
		}
	}
	if hi < beta {
		if beta = hi; alpha >= beta {
			return alpha, beta, beta, true
		}
	}
	return alpha, beta, 0, false
}

// searchUnlessBusy searches child, the position after a move of a node
// searched with the window (alpha, beta), in a parallel search: unless
// another thread is searching it, it marks the child as searched for the
// other threads while it searches it and returns the child's score seen
// from the node. put reports that it was put off instead. Any child may be
// put off, the first one too: a thread that came to a node's first child
// while another searched it used to search it as well, and the two went
// down the same first children in step to the deferral's depth, then through the
// same subtree. The one exception, which negamax makes, is the first child
// of a node that failed high before (probeWindow's cutBefore): its other
// children are likely not needed at all, and searched by a second thread
// they added 29% to the nodes of positions/n08's windows that fail high
// (docs/speed.md).
func (s *searcher) searchUnlessBusy(child board.Position, alpha, beta int, t threats) (v int, put bool) {
	ck := busyKey(tableKey(child))
	if s.busy.has(ck) {
		return 0, true
	}
	s.busy.mark(ck)
	v = -s.negamax(child, -beta, -alpha, t)
	s.busy.unmark(ck)
	return v, false
}

// boundOf is what a fail-soft search result v promises, for the window
// (alpha, beta) it was searched with.
func boundOf(v, alpha, beta int) bound {
	switch {
	case v >= beta:
		return boundLower
	case v <= alpha:
		return boundUpper
	}
	return boundExact
}

// storedMove is the best column as stored for a position kept in the table
// as its mirror (mirrored) or as itself.
func storedMove(col int, mirrored bool) int {
	if mirrored && col >= 0 {
		return board.Width - 1 - col
	}
	return col
}

// bookWindow is bookBound at the book's stone count, and the window
// unchanged elsewhere. (Small enough to inline: the book is called only at
// its depth.)
func (s *searcher) bookWindow(p board.Position, alpha, beta int) (a, b, v int, done bool) {
	if p.Moves() != s.bookPlies {
		return alpha, beta, 0, false
	}
	return s.bookBound(p, alpha, beta)
}

// bookBound answers p, whose stone count is the book's, from the book: it
// returns the window narrowed by the book's entry and, when that settles
// the node (an exact score, or a window closed by an outcome), done and the
// value to return. (Windows pass by value: pointers to alpha and beta would
// keep them out of registers in negamax.)
func (s *searcher) bookBound(p board.Position, alpha, beta int) (a, b, v int, done bool) {
	lo, hi, ok := s.book.bounds(p)
	if !ok {
		s.bookMisses++
		return alpha, beta, 0, false
	}
	s.bookHits++
	if lo == hi {
		return alpha, beta, lo, true
	}
	if alpha = max(alpha, lo); alpha >= beta {
		return alpha, beta, alpha, true
	}
	if beta = min(beta, hi); alpha >= beta {
		return alpha, beta, beta, true
	}
	return alpha, beta, 0, false
}

// probeWindow narrows the window by the table entry's bound and returns the
// entry's best move (-1 for none), mirrored when the position is stored as
// its mirror, with the new window. done reports that the entry settles the
// node with score v. Otherwise cutBefore reports that the entry is a lower
// bound: the node failed high in an earlier search, and its best move,
// which is searched first, likely settles it again (a parallel search does
// not put that move off: see searchUnlessBusy).
func probeWindow(entry slot, mirrored bool, alpha, beta int) (ttMove, a, b, v int, done, cutBefore bool) {
	score, bound, move := entry.probe()
	if bound == boundNone {
		return -1, alpha, beta, 0, false, false
	}
	move = storedMove(move, mirrored)
	switch bound {
	case boundExact:
		return move, alpha, beta, score, true, false
	case boundLower:
		if alpha = max(alpha, score); alpha >= beta {
			return move, alpha, beta, alpha, true, false
		}
	case boundUpper:
		if beta = min(beta, score); alpha >= beta {
			return move, alpha, beta, beta, true, false
		}
	}
	return move, alpha, beta, 0, false, bound == boundLower
}

// claimevenBound is an upper bound on the score of the side to move, with
// stones own against opp and the cells empty still free, when every column
// holds an even number of stones (pair is 0), or all but two or four, whose
// playable cells, on even rows, are pair.
//
// The opponent can then answer each move on top of it, and a move in an odd
// column in the odd column paired with it, so that it takes every even row
// except one cell of each pair, which the side to move chooses. If the odd
// rows and the cells chosen can never give the side to move four, it
// cannot win (bound 0), and it loses (bound -1) if the even rows less the
// cells chosen always give the opponent four. It also loses if the
// opponent has a threat (oppWins are its winning cells) on an even row of a
// column not paired and the side to move's cells below such threats can
// never give it four: the even threat, which it must at last play below.
// That loss comes by a stone it can count (see evenThreatLate), and the
// bound is the score of a loss by that stone, below -1 unless the only
// threat column's lowest threat is on the top row.
// With four odd columns, each of the three ways to pair them is tried.
// Otherwise there is no bound: it returns Cells, above every score.
// (Pairing odd columns takes 20–26% of the nodes off positions/n08 to n16,
// the even threat, with the odd threat, 30–46%; see docs/speed.md.)
func claimevenBound(own, opp, empty, pair, oppWins board.Bits) int {
	odd := own.Or(empty.And(board.OddRowsMask))
	// The cells the side to move gets below the opponent's lowest threat on
	// an even row of each column that is not paired: the game ends when the
	// opponent takes it (see evenThreatCut).
	te, cut := evenThreatsIn(oppWins, pair), board.NoCells
	if !te.IsZero() {
		cut = evenThreatCut(te)
	}
	short := odd.AndNot(cut)
	if pair.IsZero() {
		if board.HasFour(odd) && (short == odd || board.HasFour(short)) {
			return board.Cells // the common case: decided by one or two looks
		}
		if !te.IsZero() { // then short has no four: the even threat
			return -evenThreatLate(te, cut)
		}
		if board.HasFour(opp.Or(empty.And(board.EvenRowsMask))) {
			return -1
		}
		return 0
	}
	if board.HasFour(odd) && (short == odd || board.HasFour(short.Or(pair))) {
		return board.Cells
	}
	even := opp.Or(empty.And(board.EvenRowsMask))
	c, n := pairCellsOf(pair)
	bound := board.Cells
	for _, p := range pairings[:n-1] { // one pairing of two cells, three of four
		if claimevenChoice(odd, &c, &p, n, true) {
			if short != odd && !claimevenChoice(short, &c, &p, n, true) {
				return -evenThreatLate(te, cut) // the opponent's even threat falls to it first
			}
			continue // a choice of cells gives the side to move four
		}
		bound = 0
		if !claimevenChoice(even, &c, &p, n, false) {
			return -1 // every choice leaves the opponent four
		}
	}
	return bound
}

// pairCellsOf is the cells of pair (two or four), lowest first, the rest
// of c 0, and how many there are.
func pairCellsOf(pair board.Bits) (c [4]board.Bits, n int) {
	for ; !pair.IsZero(); n++ {
		c[n&3] = pair.Lowest()
		pair = pair.ClearLowest()
	}
	return c, n
}

// evenCellsFrom is the even-row cells of the columns of next, cells on even
// rows, from next up: for a column's next cell, every even-row cell it has
// left. (Shifts that leave a column reach only odd rows of the next one.)
func evenCellsFrom(next board.Bits) board.Bits {
	return next.Or(next.Up(2)).Or(next.Up(4)).And(board.EvenRowsMask)
}

// evenThreatLate is the least score of the opponent's win by its even
// threats te (with cut, their evenThreatCut), in columns not paired, as
// claimevenBound plays it: the opponent answers each move on top of it, or
// in the column paired with it, so the side to move can fill every other
// column, and each threat's column up to the cell below its lowest threat,
// which it must at last play; the opponent's next stone, on that threat,
// wins. The cells left empty then are the threat, the cell below it and
// the cells above it in each such column, so the win comes by the stone
// Cells+2 less their count, or sooner.
func evenThreatLate(te, cut board.Bits) int {
	left := cut.OnesCount() + 2*te.AndNot(cut).OnesCount()
	return board.WinScore(board.Cells + 1 - left)
}

// evenThreatsLate is evenThreatLate of the opponent's threats on even rows
// of columns not paired (pair as in claimevenBound) among oppWins, or 0
// when there are none: how late at most the opponent wins by them if
// claimeven's other conditions hold, which only claimevenBound checks.
func evenThreatsLate(oppWins, pair board.Bits) int {
	te := evenThreatsIn(oppWins, pair)
	if te.IsZero() {
		return 0
	}
	return evenThreatLate(te, evenThreatCut(te))
}

// evenThreatsIn is the opponent's threats among oppWins on even rows of the
// columns claimevenBound does not pair (pair as there). Their callers
// take the cells above the lowest of them in each column (evenThreatCut)
// only when there are some.
func evenThreatsIn(oppWins, pair board.Bits) board.Bits {
	return oppWins.And(board.EvenRowsMask).AndNot(evenCellsFrom(pair))
}

// evenThreatCut is the cells above the lowest of the opponent's threats te
// in each column, all on even rows of columns where every move is answered
// on top of it. The side to move must at last play below that threat,
// which the opponent then takes, so the cells above it never come into play.
func evenThreatCut(te board.Bits) board.Bits {
	var above board.Bits
	for !te.IsZero() {
		t := te.Lowest()
		col := board.ColumnMaskOf(t)
		above = above.Or(col.AndNot(t.Up(1).Below()))
		te = te.AndNot(col)
	}
	return above
}

// claimevenChoice reports whether some choice of one cell from each pair of
// the pairing p of the n cells c (two cells in one pair, or four in two)
// gives the side to move four with its odd-row stones s (add: s with the
// cells chosen holds a four), or spoils the opponent's even-row stones s
// (not add: s less the cells chosen holds no four).
func claimevenChoice(s board.Bits, c *[4]board.Bits, p *[4]int, n int, add bool) bool {
	for m := range n { // n choices: two cells, or two pairs of two
		chosen := c[p[m&1]].Or(c[p[2+m>>1]])
		if add && board.HasFour(s.Or(chosen)) || !add && !board.HasFour(s.AndNot(chosen)) {
			return true
		}
	}
	return false
}

// pairings are the three ways to pair four cells, by index (claimevenBound);
// with two cells, the first pairs them (cells 2 and 3 are then 0).
var pairings = [3][4]int{{0, 1, 2, 3}, {0, 2, 1, 3}, {0, 3, 1, 2}}

// claimevenPair is the pair of claimevenBound for a position whose legal
// moves are legal, and ok when the bound applies: on a board of even height
// (a constant, so odd heights compile it away), with no legal move on an
// even row, two or four.
func claimevenPair(legal board.Bits) (pair board.Bits, ok bool) {
	if board.Height%2 != 0 {
		return pair, false
	}
	pair = legal.And(board.EvenRowsMask)
	n := pair.OnesCount()
	return pair, n&1 == 0 && n <= 4
}

// childRefutes looks up every child of p in list in the table (enhanced
// transposition cutoff) and reports one whose stored upper bound already
// reaches beta, with its score. It also returns the moves whose stored
// lower bound shows they cannot raise alpha, which need no search, and the
// best bound of theirs (-Cells when none).
func (s *searcher) childRefutes(p board.Position, opp board.Bits, list *moveList, alpha, beta int) (v int, ok bool, skip board.Bits, best int) {
	best = -board.Cells
	for i := range list.n {
		mask := p.Occupied().Or(list.move[i])
		score, bound, _ := s.table.probe(childKey(opp, mask, p.Moves()+1))
		if (bound == boundUpper || bound == boundExact) && -score >= beta {
			return -score, true, board.NoCells, 0
		}
		if (bound == boundLower || bound == boundExact) && -score <= alpha {
			skip = skip.Or(list.move[i])
			best = max(best, -score)
		}
	}
	return 0, false, skip, best
}

// tableKey is the key under which p is stored: in the early plies the
// smaller of its key and its mirror's, so that mirror positions share one
// entry.
func tableKey(p board.Position) board.Bits {
	return symmetricKey(p.Key(), p.Moves())
}

// childKey is the table key of the position with stones current for the
// side to move, all stones mask, and moves stones played.
func childKey(current, mask board.Bits, moves int) board.Bits {
	return symmetricKey(current.Add(mask), moves)
}

// symmetricKey is the table key of a position of moves stones whose key
// (see Position.Key) is key.
func symmetricKey(key board.Bits, moves int) board.Bits {
	if moves < symmetricPlies {
		return board.MinKey(key, board.MirrorWord(key))
	}
	return key
}
