// Package evalset is fourgen's own evaluation set: positions drawn and
// labelled by fourgen, by stage and difficulty as Pascal Pons's six test
// sets are, shipped inside c4 and the Python package so that an agent can
// be judged anywhere (c4 eval AGENT, fourgen.evaluate(agent)) without the
// reference data beside the repository.
//
// # The positions
//
// [buildSet] draws, for each stage of the error table of package eval
// (stones played: 1 to 14, 15 to 28, 29 to 41), random games of a number
// of stones drawn uniformly over the stage, each move a uniformly random
// legal column; a game that makes four on the way is redrawn. As in
// Pons's sets, a position where the side to move can win at once, or
// loses to the opponent's next stone whatever it plays, is left out, and
// so is a position drawn before (or its mirror). Each position is solved
// and put in its cell, its stage and difficulty (plies left with perfect
// play, [eval.Cell]), until every cell that can hold positions (six: the
// stones and the plies left add up to at most the board's cells) has
// PerCell of them; positions of a full cell are dropped. Each kept
// position is labelled with the exact score of every column
// ([engine.Solver.Analyze]). The generator of stage r is seeded by the
// seed and r, so a set with fewer positions a cell is the first ones of
// each cell of a larger set of the same seed.
//
// # The file
//
// A set is a text file (set.txt here, embedded: [Shipped]):
//
//	fourgen-evalset 1 board 7x6 seed 1 per-cell 500 positions 3000
//	MOVES S1 ... SW            one line a position, cell by cell (stage,
//	...                        then difficulty), in the order drawn
//	end crc32 89abcdef
//
// MOVES are 1-based columns, S1 to SW the scores of playing each column,
// as c4 analyze prints them (-1000 for a full column). The last line holds
// the CRC-32 (IEEE) of every byte before it. [readSet] refuses a file of
// another version or board, a damaged one (the checksum), and labels the
// rules alone contradict.
package evalset
