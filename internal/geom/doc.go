// Package geom is the single source of truth for fourgen's board geometry.
//
// It describes a Connect-4 board of any width and height whose cells fit a
// 64-bit word, or, from 4 to 12 columns and at least 4 rows, two words: the
// column-major bit layout (height+1 bits per column, the top bit of each
// column a guard bit that is never set), the conversion between cells and
// bits, every winning line (of four, or of [Geometry.InARow] stones in
// connect-k), the lines through each cell, and slow,
// loop-based reference predicates. Masks are a [Set] of two words, and a
// uint64 for the callers of a board of one word.
//
// The generator (package gen) derives every table it emits from this package,
// and the engine's tests use the reference predicates as their oracle. Nothing
// here is fast on purpose: each function is written to be obviously correct.
//
// # Bit layout
//
// For the standard 7×6 board, bit b holds column b/7 and row b%7, counted from
// 0 at the bottom left; bits 6, 13, …, 48 are guard bits:
//
//	6 13 20 27 34 41 48   <- guard bits (always 0)
//	5 12 19 26 33 40 47
//	4 11 18 25 32 39 46
//	3 10 17 24 31 38 45
//	2  9 16 23 30 37 44
//	1  8 15 22 29 36 43
//	0  7 14 21 28 35 42
//
// A board of more than 64 bits keeps whole columns in each word: the first
// [Geometry.LowColumns] columns from bit 0 of word 0, the rest from bit 0 of
// word 1 (bit 64 of the layout). On 6×10, columns 1 to 3 hold bits 0 to 32
// and columns 4 to 6 bits 64 to 96, so no column and no vertical line
// crosses words; only lines across columns 3 and 4 do.
package geom
