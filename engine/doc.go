// Package engine computes exact scores of Connect-4 positions (package
// board): a null-window negamax search with a transposition table, move
// ordering, static bounds, opening-book lookup and hints, and parallel
// search. It reads and writes no files; the packages beside it use it
// (agent, book, batch, the server, datasets) and cmd/c4 wires them.
//
// # Use
//
// [board.Parse] plays a move string of 1-based columns ("4453") from the
// empty board into a [board.Position]. [NewSolver] makes a [Solver] (one
// thread until [Solver.SetThreads]). [Solver.Solve] returns a position's
// exact [board.Score] for the side to move, [Solver.SolveWeak] only its
// outcome, [Solver.Analyze] the score of playing each column and
// [Solver.BestMove] a best column; each stops when its context is done:
//
//	p, err := board.Parse("4453")
//	if err != nil { ... }
//	s, err := engine.NewSolver(0)
//	score, err := s.Solve(ctx, p)     // the exact score of p
//	scores, err := s.Analyze(ctx, p)  // one score per column, Invalid if full
//
// A new solver has no opening book and searches every position to the end,
// which takes seconds to minutes from few stones. [Solver.SetBook] gives it
// a [Book]: fourgen's embedded book of the 7×6 board is openingbook.Book()
// in package openingbook, and with it positions of up to the book's
// stone count are solved at once (see the examples of [NewSolver] and
// [Solver.Analyze]).
//
// # Opening books
//
// A [Book] holds the exact score (or only the outcome) of every position of
// one stone count, one entry per mirror pair, keyed by [board.BookKey], the
// stone string ([board.StoneString]) of the position or of its mirror, whichever
// is smaller; [Solver.SetBook] makes the solver answer those positions
// from it, at the root and inside the search. The engine only looks books
// up: [NewBook] makes one from decoded keys and scores, checking what the
// search relies on (sorted, mirror-canonical keys of legal positions on
// this board, scores in range). Package book owns the file format,
// the building in resumable shards, merging and verification; package
// openingbook embeds fourgen's 11-ply book of the 7×6 board. A
// solver from [NewSolver] has no book until given one (see [NewSolver]).
//
// # Connect-k
//
// A build of make c4 K=k plays k in a row (board.InARow), and the search
// is exact at every k from 3 up, with every rule it uses, because each
// rule reasons about cells and the lines the generated kernel finds, never
// about the number four:
//
//   - the threats (board.WinningCellsOf), the win test (board.HasFour)
//     and the open lines of move ordering are generated from k;
//   - the window clips (a win by the next stone at best, a loss by the
//     opponent's next at worst), the draw with two cells left and the
//     static search near the horizon (horizon.go: wins in three and five,
//     losses within four and six) count plies and threats, not stones in a
//     line;
//   - claimeven and the even threat (claimevenBound) and the odd threat
//     (oddThreatLoses) are strategies of answering in the same column: who
//     gets which cells follows from the stone counts of the columns alone,
//     and whether those cells hold a line is asked of board.HasFour and the
//     threats, at this k;
//   - move ordering (order.go) orders and prunes nothing by itself; its
//     cut-offs are the rules above;
//   - books: the embedded opening book is of 7×6 at four and applies
//     nowhere else (openingbook.Applies), and book files record k and are
//     refused by a build of another (package book).
//
// TestAgainstReferenceSolver holds the engine to internal/refsolver, which
// shares nothing with it, on every reachable position of 4×4, 5×4 and 4×5
// at three in a row (gen's TestConnectK with the long checks), and the
// rules' own tests (claimeven, odd threat, static bound) run at those
// builds too.
//
// # Inspection
//
// [Inspect] shows, read-only, what the search sees of a position: its
// threats, each move's features and the order the search tries them in.
package engine
