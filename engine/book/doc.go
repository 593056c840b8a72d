// Package book owns fourgen's opening books on disk and how they are made:
// the book file format, the positions a book holds, building a book in
// resumable shards, merging the shards, and checking a book against
// BitBully's published database. The engine only consults a book
// ([engine.Book], made by [engine.NewBook]); this package reads and writes
// the files, and nothing in packages board and engine imports it.
//
// # File format
//
// A book file is a 24-byte header followed by the entries; all integers
// are little-endian:
//
//	offset size field
//	     0    6 magic "fgbook"
//	     6    2 format version (2)
//	     8    1 board width
//	     9    1 board height
//	    10    1 plies: the number of stones of every position in the book
//	    11    1 kind: 1 exact scores, 2 win/draw/loss only (-1, 0, 1)
//	    12    4 entry count n
//	    16    4 CRC-32 (Castagnoli) of everything after the header
//	    20    1 key width k in bytes (4)
//	    21    1 the stones in a row that win, 0 for four (connect-k)
//	    22    2 reserved, zero
//	    24   kn keys, strictly increasing
//	  24+kn   n scores, one signed byte each, from the side to move's view
//
// A reader refuses a book of another board size or rule, naming both, and
// keys of another width; keycode.go is the one place that writes and
// reads keys, in book files and in shard records. Version 1, from before
// the key width was recorded (byte 20 was reserved), is refused: it has
// no users outside this repository, whose embedded book was rewritten as
// version 2 (make book), so there is one format to read. Byte 21 was
// reserved too: a book of four in a row still writes 0 there, so every
// book of Connect-4 reads as before, and one of k in a row writes k.
//
// A key is [board.BookKey]: the smaller of the stone strings of a position
// and of its mirror, the encoding of Tromp's and BitBully's databases. The
// book holds only positions where the side to move cannot win at once.
// [Parse] checks every field, the checksum, the order of the keys and that
// every key decodes to a legal position, and names what is wrong; [Read]
// does so from a reader, header first and no further than the entries
// the header announces (at most as many as there are positions of its
// stones), so that endless input is refused at once; [Marshal] writes the
// bytes back; [load] and [Write] do both with a file.
//
// # Building
//
// [Positions] lists the positions of a book, one per mirror pair, in key
// order. [BuildShard] solves a contiguous part of them and appends one
// record per position to a text shard file, whose first line names the
// build and a random run id; the file is also the checkpoint, so an
// interrupted build resumes, and a lock beside it (SHARD.lock, see
// package filelock) keeps two builds from writing one shard. A record is
// "KEY SCORE CHECKSUM": the first 16 bytes, in hex, of the HMAC-SHA256 of
// "KEY SCORE" keyed by the SHA-256 of the header line, so that an edited
// or corrupted record is refused (an edit, not an attacker: the key is in
// the file). [MergeShards] joins the shards of one build into a book,
// refusing shards that are missing, repeated, incomplete, overlapping or
// of another build, and records that fail their checksums; legacy v1
// shards, whose records are "KEY SCORE" alone, only when
// [MergeOptions] says so. Shard files are read line by line, each line
// bounded, "\r\n" line ends accepted, and no further than a line that is
// not the shard's.
//
// # Verification
//
// [Verify] checks a book, or the solver alone, against BitBully's 8-ply
// database (read by package engine/book/bitbully): every entry, a sample
// of the positions it leaves out, and fresh solves of book entries.
package book
