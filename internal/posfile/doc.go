// Package posfile reads positions in the line formats of Pascal Pons's
// c4solver and of fourgen's reference files: one position a line, as
// "MOVES", "MOVES SCORE" or "MOVES S1 ... SW" (one score per column), MOVES
// a string of 1-based columns played from the empty board.
//
// A line's move string is its first field: spaces and tabs before it are
// skipped, and what follows the next space or tab is left to the caller
// ([Fields]). An empty line is the empty board, as for c4solver; a line of
// blanks only is refused. "\r\n" endings are fine, and so is a UTF-8 byte
// order mark at the start, which is skipped. Binary input (a NUL byte) and
// a line longer than [MaxLineBytes] end the input with an error as soon as
// they are seen, so that endless input (/dev/zero) ends too. Refusals name
// the line by its number.
package posfile
