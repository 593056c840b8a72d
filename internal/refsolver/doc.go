// Package refsolver is the slow reference solver the engine is checked
// against at every line length k: plain negamax with memoisation over
// internal/geom's lines, sharing nothing with package engine (no bitboard
// kernel, no generated code, no static rules, no move ordering, no pruning
// at all: every child of every position is searched, and each position's
// exact score is remembered).
//
// Scores follow the engine's convention, from the side to move's view: a
// win by the n-th stone of the game scores 1 + ⌊(W·H − n)/2⌋, a loss the
// opposite, a draw 0.
//
// [Solver.Score] gives the score of one position; [Solver.Reachable]
// visits every position reachable from the empty board in which the game
// is not over, each once, with its score: on 4×4, 5×4 and 4×5 at three in
// a row, all of them, for the engine's long check.
package refsolver
