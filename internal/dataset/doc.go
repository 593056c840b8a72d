// Package dataset writes Connect-4 positions labelled with exact scores,
// for training agents: random reachable positions, each with its score and
// the score of playing each column, as computed by [engine.Solver.Analyze].
//
// # Positions
//
// The positions of a dataset are fixed by its [Spec] alone: slot j of the
// dataset draws from a generator seeded by the seed and j, so a shard, a
// resumed run and a clean run all agree. A slot picks a number of stones in
// the range (uniformly over the range, or as often as random games reach
// it, see [Distribution]) and plays random legal moves from the empty
// board; a game that makes four on the way is thrown away and redrawn. By
// default the positions are unique and mirror-canonical (a position is
// stored as itself or its left-right mirror, whichever has the smaller
// key, and no two records hold the same position or mirrored twins).
//
// # Records and formats
//
// A [datasetRecord] is one labelled position. The file format follows the output
// file's extension: .jsonl (JSON Lines), .csv, or .parquet. The fields,
// after the board each record carries:
//
//	board   string    the board, WIDTHxHEIGHT as make c4 SIZE names it
//	                  ("7x6"): every record's is this engine's
//	index   int64     the slot, 0 to count-1: the order of the dataset
//	pos     string    the moves from the empty board, 1-based columns ("4453")
//	ply     int32     the number of stones, len(pos)
//	score   int32     the exact score for the side to move (Pons's
//	                  convention: 22-k for a win with the k-th stone of the
//	                  winner, 0 a draw, negative a loss)
//	scores  [W]int32  the score of playing each of the board's W columns
//	                  (board.Width, 7 on 7×6), as c4 analyze prints them;
//	                  -1000 for a full column
//
// A JSON line is {"board":"7x6","index":0,"pos":"4453","ply":4,"score":1,"scores":[...]};
// CSV has a header line board,index,pos,ply,score,c1,...,cW; Parquet has the
// columns board (STRING, dictionary-encoded), index (INT64), pos (STRING),
// ply (INT32), score (INT32) and scores (LIST of INT32), and the board in
// its footer's key-value metadata too (key fourgen.dataset.board).
//
// # The board size
//
// Every file records its board (boardsize.go): each record, the settings
// (below) and a checkpoint's header. Whatever reads a file back (a
// resumed run, a merge, a run that finds its output) refuses a file of
// another board before any other check, naming both boards and the build
// that reads it (make c4 SIZE=WxH). Files of an older c4, which record no
// board, are read as the 7×6 board's by a 7×6 build, the board of every
// such file but those of make c4 SIZE builds, and refused with the same
// advice by builds of every other size; a checkpoint of an older c4 is refused everywhere.
//
// # Shards, checkpoints and merging
//
// [Run] labels the slots of one shard (slot j belongs to shard j mod n),
// drawing the positions one slot after another and appending each record,
// in slot order and sealed with a keyed hash, to a checkpoint file beside
// the output (OUT.ckpt), syncing it to disk every second; killed at any
// moment, the same call resumes from the checkpoint's last complete line,
// and refuses a record whose hash does not match. When the shard is done
// it writes the output, whole or not at all (package atomicfile), and
// removes the checkpoint; an output that exists
// already is left alone (see [Run]). A run or merge locks its output
// (OUT.lock, see package filelock) while it writes it.
// Each output records the settings of its run (settings.go): in a
// Parquet file's footer, beside a JSONL or CSV file in OUT.settings.
// [Merge] reads shard files of any format, checks that they are of one
// run and hold every slot exactly once, and writes them in slot order.
package dataset
