// Package openingbook holds fourgen's 8-ply opening book, embedded in the
// binary: the exact score of every position of 8 stones that can arise in
// a game, one entry per mirror pair (77,715 entries, about 380 KiB).
//
// fourgen computed it with its own solver (c4 book build --plies 8, in
// shards, merged with c4 book merge) and checks it against BitBully's
// published 8-ply database and against fresh solves (c4 book verify; the
// tests of this package do a sample, make verify the whole check).
//
// A solver given the book answers every position of at most 8 stones
// without searching beyond the book:
//
//	b, err := openingbook.Book()
//	if err != nil { ... }
//	s := engine.NewSolver(0)
//	s.SetBook(b)
//
// # Other board sizes
//
// The book is of the 7×6 board. An engine built for another size (make c4
// SIZE=8x7) embeds the same bytes but cannot use them: [Applies] reports
// false and [Book] returns [ErrOtherSize], so that a program runs without
// a book and says so. Package engine/book reads and writes book files.
package openingbook
