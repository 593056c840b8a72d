package engine

import (
	"github.com/fourgen/fourgen/engine/board"
)

// This file holds the move list of one search node: the non-losing moves,
// the statically detected quick wins, and the ordering. Everything here is
// allocation-free and runs at every node.

// moveList is the moves of a node, best first.
type moveList struct {
	move  [board.Width]board.Bits // single-bit moves
	wins  [board.Width]board.Bits // the mover's threats after each move
	score [board.Width]int        // ordering score, higher first
	n     int
}

// add inserts a move, with the mover's threats after it, by score, after
// the moves already present with the same score, so that insertion order
// breaks ties.
func (l *moveList) add(move, wins board.Bits, score int) {
	i := l.n
	for ; i > 0 && l.score[i-1] < score; i-- {
		l.move[i], l.wins[i], l.score[i] = l.move[i-1], l.wins[i-1], l.score[i-1]
	}
	l.move[i], l.wins[i], l.score[i] = move, wins, score
	l.n++
}

// centreOrder is board.CentreOrder(), the columns from the centre out,
// held here so that the move loop ranges over it without copying it at
// every node.
var centreOrder = board.CentreOrder()

// orderMoves fills list with moves, non-losing moves of p (whose threats
// are t), in the order the search tries them: by its move score (threatScore + replyScore: two functions, so that each inlines), weighed
// with [openLinesScore] below openLinesPlies stones, the table's best move
// ttMove (0-based column, -1 for none) first, ties to the column nearer
// the centre.
//
// It also looks at every child statically before any is searched, and
// reports cut with a lower bound v on p's score as soon as one child
// settles p at or above beta, leaving the list unfinished: a move that wins
// in three (see [repliesAllLose]), or one after which no column, or two or
// four, hold an odd number of stones and the claimeven bound (see
// [claimevenBound]) holds the opponent to a score of at most -beta.
//
// p is searched with the window (alpha, beta). With a table, it prefetches
// each child's bucket so that its load overlaps the rest of the work,
// unless the children are settled statically (see [settledStatically]).
// The search and the inspector both order moves here, so the inspector
// shows what the search does.
func orderMoves(tab *hashTable, p board.Position, moves board.Bits, t threats, ttMove int, list *moveList, alpha, beta int) (v int, cut bool) {
	fetch := tab != nil && !settledStatically(p.Moves()+1, -beta, -alpha)
	opp := p.Opponent()
	myWins, oppWins := t.mine, t.theirs
	good := goodRows(p.Moves())
	var lines openLines
	early := p.Moves() < openLinesPlies
	if early {
		lines = openLinesOf(p)
	}
	for _, col := range centreOrder {
		move := moves.And(board.ColumnMask(col))
		if move.IsZero() {
			continue
		}
		mask := p.Occupied().Or(move)
		ownWins := board.WinningCellsOf(p.Current().Or(move), mask)
		replies := board.LegalOf(mask)
		if repliesAllLose(ownWins, replies) {
			if v = board.WinScore(p.Moves() + 2); v >= beta {
				return v, true
			}
		}
		// (Its bound, seen from here, is 0 or 1, or more only by our even
		// threats.)
		if pair, ok := claimevenPair(replies); ok && (beta <= 1 || evenThreatsLate(ownWins, pair) >= beta) {
			if v = -claimevenBound(opp, p.Current().Or(move), board.BoardMask.AndNot(mask), pair, ownWins); v >= beta {
				return v, true
			}
		}
		// The odd threat: a child with an odd number of stones may lose by
		// our threat on an odd row (see oddThreatLoses).
		if beta <= 1 && p.Moves()&1 == 0 && oddThreatLoses(opp, board.BoardMask.AndNot(mask), replies, ownWins) {
			return 1, true
		}
		if fetch {
			prefetch(&tab.locate(childKey(opp, mask, p.Moves()+1)).bucket[0])
		}
		score := threatScore(ownWins, oppWins, replies, good) + replyScore(move, myWins, ownWins, replies)
		if early {
			score = lines.weigh(score, move)
		}
		if col == ttMove {
			score += 1000
		}
		list.add(move, ownWins, score)
	}
	return 0, false
}

// openLinesPlies is the stone count below which orderMoves also counts
// the lines of four open to the side to move through each move's cell
// (see openLinesScore), 20 on 7×6, and openLinesWeight the weight of
// the move score against that count. Measured on the 20 slowest analyses of
// Pons's Test_L1_R3 and Test_L1_R2 and on the six solve sets, against 18,
// 22, 24, 26 and every stone count, and weights 4, 8, 16 and 32 (see
// docs/speed.md).
const (
	openLinesPlies  = board.Cells/2 - 1
	openLinesWeight = 6
)

// openLines is what openLinesScore counts at the moves of a position: the
// lines of four open to the side to move, and those open to the opponent
// (see OpenLineStarts).
type openLines struct {
	own, theirs [2 * board.LineDirections]board.Bits
}

// openLinesOf marks the open lines of p for both sides.
func openLinesOf(p board.Position) openLines {
	opp := p.Opponent()
	return openLines{board.OpenLineStarts(board.BoardMask.AndNot(opp), p.Current()), board.OpenLineStarts(board.BoardMask.AndNot(p.Current()), opp)}
}

// openLinesScore is the count of the lines of four through the cell of
// move that are open to the side to move, each line it has begun counted
// twice, and of the lines the opponent has begun there, which the move
// blocks. In the first half of a game, where threats are few and ties
// many, it tells a move that builds the mover's lines, or spoils the
// opponent's, from one that only fills a cell. (Counting the lines open to
// the opponent, begun or not, instead of the blocked ones measured worse;
// see docs/speed.md.)
func (o *openLines) openLinesScore(move board.Bits) int {
	n, held := board.OpenLinesThrough(&o.own, move)
	_, blocked := board.OpenLinesThrough(&o.theirs, move)
	return n + 2*held + blocked
}

// weigh is the ordering score of move below openLinesPlies stones: score,
// its move score, weighed openLinesWeight to 1 against openLinesScore.
func (o *openLines) weigh(score int, move board.Bits) int {
	return score*openLinesWeight + o.openLinesScore(move)
}

// repliesAllLose reports whether, after the side to move plays a move leaving
// its threats at ownWins and the opponent's legal moves at oppLegal, every
// reply loses to an immediate four: two playable threats, a playable threat
// with another on top of it, or a board where every reply opens a threat.
func repliesAllLose(ownWins, oppLegal board.Bits) bool {
	playable := ownWins.And(oppLegal)
	switch playable.OnesCount() {
	case 0:
		// Every reply must sit just below one of our threats.
		return !oppLegal.IsZero() && oppLegal.Up(1).AndNot(ownWins).IsZero()
	case 1:
		return !playable.Up(1).And(ownWins).IsZero() // the block opens the threat above
	}
	return true
}

// goodRows is the set of rows where threats of the side to move count most:
// the odd rows (1, 3, 5 from the bottom) for the first player, the even
// rows for the second.
func goodRows(moves int) board.Bits {
	if moves&1 == 1 {
		return board.EvenRowsMask
	}
	return board.OddRowsMask
}

// threatScore counts the useful threats a move leaves, ownWins less those
// directly above an opponent's threat (oppWins), which the opponent's four
// below would forestall: each once, again when on a good row, and again
// when the opponent's next stone would make it playable (just above one
// of the replies). Measured on the reference sets, each term cuts nodes
// (see the commit history of moveScore, its name before it was split).
func threatScore(ownWins, oppWins, replies, good board.Bits) int {
	useful := ownWins.AndNot(oppWins.Up(1))
	return useful.OnesCount() + useful.And(good).OnesCount() + useful.And(replies.Up(1)).OnesCount()
}

// replyScore is -4 when the reply on top of the move fills one of our
// threats (myWins, before the move), else 4 when the move leaves a threat
// (ownWins) the reply must block, else 0.
func replyScore(move, myWins, ownWins, replies board.Bits) int {
	switch {
	case !move.Up(1).And(myWins).IsZero():
		return -4
	case !ownWins.And(replies).IsZero():
		return 4
	}
	return 0
}
