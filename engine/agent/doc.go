// Package agent holds Connect-4 players of graded strength, for matches
// between them (c4 match), games against a person (c4 play) and the web
// server (c4 serve). Every player is an [Agent]; [New] makes one from a
// spec string.
//
// # Agents
//
//   - "perfect" plays a best move by the exact solver ([engine.Solver.BestMove]),
//     choosing among equally good columns by the tie-break of [Options]. From
//     a position with few stones the solver needs an opening book
//     ([Options.Book], e.g. the 11-ply book of package openingbook, which
//     c4 uses by default) to answer quickly: without one, a move from the
//     empty board takes minutes.
//   - "level1" to "level5" (also "level:1" to "level:5") play the best move
//     with probability 0.2, 0.4, 0.6, 0.8 and 0.95 respectively, and
//     otherwise a uniformly random move among those that do not let the
//     opponent make four on the next move (any legal move when every move
//     does). The random draw comes first, so a random move costs no search.
//     The best move is found by the exact solver
//     ([engine.Solver.Analyze], the highest score) from [ExactFrom] stones on
//     and, with a book of N plies, from N-4 to N-1 stones; on other positions
//     it is found by a fixed-depth alpha-beta search of [lookaheadPlies]
//     plies that scores a leaf by the number of cells where each side
//     would make four. The choice depends only on the seed and the
//     position, never on the machine's speed, and a move typically takes
//     well under a second.
//   - "random" plays a uniformly random legal column.
//   - "greedy" makes four when it can; otherwise blocks a cell where the
//     opponent would make four on the next move; otherwise plays a random
//     move that does not let the opponent make four on the next move (one
//     not directly below an opponent's winning cell); otherwise any random
//     legal move.
//   - "mcts:N" is a Monte-Carlo tree search (UCT) of N playouts a move, run
//     32 at a time as one batch of greedy playouts (package batch);
//     it plays a move that makes four at once and searches only the moves
//     that do not lose at once.
//
// # Randomness
//
// Every random choice comes from a generator seeded by [Options.Seed], so
// that an agent given the same seed and shown the same positions plays the
// same moves. An agent keeps its generator and, for the solver-backed
// agents, its transposition table between moves: it is not safe for
// concurrent use. Make one per game (or per goroutine).
package agent
