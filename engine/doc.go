// Package engine is fourgen's Connect-4 engine: a bitboard [Position], move
// ordering, a transposition table and an exact solver.
//
// The bit masks and the unrolled per-cell threat tests it uses are generated
// by the program in gen/ from the geometry in internal/geom (files ending in
// _gen.go). Edit those, never the generated files, and run go generate ./...
//
// # Bit layout
//
// A position is two 64-bit words: the stones of the side to move and all
// stones. Cells are stored column by column, bottom to top, in Height+1 bits
// per column; the top bit of each column is a guard bit that is never set, so
// that shifts between columns never carry a line across the board's edge:
//
//	6 13 20 27 34 41 48   <- guard bits (always 0)
//	5 12 19 26 33 40 47
//	4 11 18 25 32 39 46
//	3 10 17 24 31 38 45
//	2  9 16 23 30 37 44
//	1  8 15 22 29 36 43
//	0  7 14 21 28 35 42
//	c1 c2 c3 c4 c5 c6 c7
//
// Adding the bottom row to the occupied cells carries a one into the lowest
// empty cell of every column: that one addition yields every legal move.
//
// # Columns
//
// Column arguments and results are 0-based, from 0 for the leftmost
// column to Width-1: [Position.Play], [Position.CanPlay],
// [Position.PlayChecked], [Game.Play], the index of [Solver.Analyze]'s
// scores and the column [Solver.BestMove] returns. Move strings are
// 1-based, as players number the columns: "4" is column 3. Messages follow
// the move string: [Parse] and [Position.PlayString] name the offending
// column as written, and [Position.PlayChecked] names it 1-based and says
// so ("column 4 (1-based) is full" for column 3). The one exception is
// [Progress.Column], 1-based so that its zero value can mean no column.
//
// # Opening books
//
// A [Book] holds the exact score (or only the outcome) of every position of
// one stone count, one entry per mirror pair, keyed by [BookKey], the
// stone string ([StoneString]) of the position or of its mirror, whichever
// is smaller; [Solver.SetBook] makes the solver answer those positions
// from it, at the root and inside the search. The engine only looks books
// up: [NewBook] makes one from decoded keys and scores, checking what the
// search relies on (sorted, mirror-canonical keys of legal positions on
// this board, scores in range). Package engine/book owns the file format,
// the building in resumable shards, merging and verification; package
// engine/openingbook embeds fourgen's 8-ply book of the 7×6 board. A
// solver from [NewSolver] has no book until given one (see [NewSolver]).
package engine

//go:generate go run ../gen -width 7 -height 6 -pkg engine -out .
