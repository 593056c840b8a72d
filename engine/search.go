package engine

// This file is the search's inner loop: a fail-soft negamax alpha-beta on
// the position's two words, called with null windows by the drivers in
// solver.go. It allocates nothing and calls no interface.

// pollInterval is the number of nodes between two looks at the context.
const pollInterval = 1 << 14

// etcPlies is the number of stones below which a node looks up all its
// children in the table before searching any (enhanced transposition
// cutoff).
const etcPlies = 30

// negamax returns a bound on the score of p for the side to move: a value
// v ≤ alpha is an upper bound, v ≥ beta a lower bound, anything between is
// exact. The side to move must not be able to win at once. After the
// solver is stopped it returns 0, which callers must ignore.
func (s *Solver) negamax(p Position, alpha, beta int) int {
	s.nodes++
	if s.nodes%pollInterval == 0 && s.poll() {
		return 0
	}

	// 1. Locate the table entry. The parent prefetched it while ordering its
	// moves, so the load has overlapped other work by the time it is read.
	key := p.tableKey()
	entry := s.table.locate(key)

	// 2. Moves that do not lose at once. With none, the opponent wins with
	// its next stone.
	opp := p.current ^ p.mask
	oppWins := winningCells(opp, p.mask)
	moves := nonLosingMoves(p.Legal(), oppWins)
	if moves == 0 {
		return -winScore(p.moves + 1)
	}
	if p.moves >= Cells-2 {
		return 0 // both players' last stones cannot win: a draw
	}

	// 3. Clip the window to what is still possible: the opponent cannot
	// win with its next stone, and we cannot win with this one.
	if lo := -winScore(p.moves + 3); alpha < lo {
		if alpha = lo; alpha >= beta {
			return alpha
		}
	}
	if hi := winScore(p.moves + 2); beta > hi {
		if beta = hi; alpha >= beta {
			return beta
		}
	}

	// 4. The opening book knows every position of its stone count.
	if p.moves == s.bookPlies {
		v, ok := s.book.Lookup(p)
		if !ok {
			s.bookMisses++
		} else {
			s.bookHits++
			if s.book.kind == BookExact {
				return int(v)
			}
			switch { // an outcome only bounds the score
			case v == 0:
				return 0
			case v > 0:
				if alpha = max(alpha, 1); alpha >= beta {
					return alpha
				}
			default:
				if beta = min(beta, -1); alpha >= beta {
					return beta
				}
			}
		}
	}

	// 5. A forced move is played without a table entry.
	if moves&(moves-1) == 0 {
		child := p
		child.PlayMove(moves)
		prefetch(&s.table.locate(child.tableKey()).bucket[0])
		return -s.negamax(child, -beta, -alpha)
	}

	// 6. The transposition table.
	ttMove := -1
	if score, bound, move := entry.probe(); bound != BoundNone {
		ttMove = move
		if key != p.Key() && move >= 0 {
			ttMove = Width - 1 - move
		}
		switch bound {
		case BoundExact:
			return score
		case BoundLower:
			if score > alpha {
				if alpha = score; alpha >= beta {
					return alpha
				}
			}
		case BoundUpper:
			if score < beta {
				if beta = score; alpha >= beta {
					return beta
				}
			}
		}
	}

	// 7. Static bounds from what each side can still reach.
	if beta > 0 || alpha < 0 {
		empty := boardMask &^ p.mask
		// Claimeven: when every column holds an even number of stones, the
		// side that just moved can answer each move on top of it, taking
		// every even row. If the odd rows cannot give the side to move four,
		// it cannot win, and loses if the even rows give the opponent four.
		if Height%2 == 0 && p.Legal()&evenRowsMask == 0 && beta > -1 {
			if !hasFour(p.current | empty&oddRowsMask) {
				hi := 0
				if hasFour(opp | empty&evenRowsMask) {
					hi = -1
				}
				if beta = min(beta, hi); alpha >= beta {
					return beta
				}
			}
		}
	}

	// 8. Look at every child before searching any: a move that leaves a
	// double threat wins with our next stone; the rest are ordered by the
	// threats they leave.
	var list moveList
	myWins := winningCells(p.current, p.mask)
	good := goodRows(p.moves)
	for _, col := range centreOrder {
		move := moves & columnMask[col]
		if move == 0 {
			continue
		}
		own := p.current | move
		mask := p.mask | move
		ownWins := winningCells(own, mask)
		replies := (mask + bottomMask) & boardMask
		if winsInThree(ownWins, replies) {
			return winScore(p.moves + 2)
		}
		prefetch(&s.table.locate(childKey(opp, mask, p.moves+1)).bucket[0])
		score := s.jitterScore(moveScore(move, myWins, ownWins, replies, good))
		if col == ttMove {
			score += 1000
		}
		list.add(move, score)
	}
	// No move wins with our next stone, so none can score more than a win
	// with the stone after.
	if hi := winScore(p.moves + 4); beta > hi {
		if beta = hi; alpha >= beta {
			return beta
		}
	}

	// 9. Enhanced transposition cutoff: a child whose stored upper bound
	// already refutes the window ends the search without searching it.
	if p.moves < etcPlies {
		for i := range list.n {
			mask := p.mask | list.move[i]
			score, bound, _ := s.table.Probe(childKey(opp, mask, p.moves+1))
			if (bound == BoundUpper || bound == BoundExact) && -score >= beta {
				return -score
			}
		}
	}

	// 10. Search the children, best first.
	start := s.nodes
	alpha0 := alpha
	best, bestMove := -Cells, -1
	for i := range list.n {
		child := p
		child.PlayMove(list.move[i])
		v := -s.negamax(child, -beta, -alpha)
		if s.stopped {
			return 0
		}
		if v > best {
			best, bestMove = v, column(list.move[i])
		}
		if v >= beta {
			break
		}
		alpha = max(alpha, v)
	}

	// 11. Remember the result.
	bound := BoundExact
	switch {
	case best >= beta:
		bound = BoundLower
	case best <= alpha0:
		bound = BoundUpper
	}
	if key != p.Key() {
		bestMove = Width - 1 - bestMove
	}
	s.table.store(entry, best, bound, bestMove, s.nodes-start)
	return best
}

// tableKey is the key under which p is stored: in the early plies the
// smaller of its key and its mirror's, so that mirror positions share one
// entry.
func (p Position) tableKey() uint64 {
	return childKey(p.current, p.mask, p.moves)
}

// childKey is the table key of the position with stones current for the
// side to move, all stones mask, and moves stones played.
func childKey(current, mask uint64, moves int) uint64 {
	key := current + mask
	if moves < symmetricPlies {
		key = min(key, mirror(key))
	}
	return key
}
