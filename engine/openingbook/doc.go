// Package openingbook holds fourgen's 11-ply opening book, embedded in the
// binary: the exact score of every position of 11 stones that can arise in
// a game, no four on the board and the side to move unable to win at once,
// one entry per mirror pair (1,784,788 entries, about 8.9 MB).
//
// fourgen computed it with its own solver, without any book (c4 book build
// --plies 11, in 32 resumable shards, merged with c4 book merge; see
// engine/openingbook/shards, a module of its own that go get does not
// download, and book11-shards.sha256, their checksums, which make book
// checks). The tests of this package check it against
// Pascal Pons's scores of the 11-stone positions in his beginning sets,
// against BitBully's published 8-ply database (each 8-stone position is
// three moves from the book) and against fresh solves; make verify runs the
// whole check (c4 book verify).
//
// A solver given the book answers every position of at most 11 stones
// without searching beyond the book, and so analyses (scores every column
// of) every position of at most 10 stones from the book alone:
//
//	b, err := openingbook.Book()
//	if err != nil { ... }
//	s, err := engine.NewSolver(0)
//	s.SetBook(b)
//
// # Other board sizes
//
// The book is of the 7×6 board. An engine built for another size (make c4
// SIZE=8x7) embeds the same bytes but cannot use them: [Applies] reports
// false and [Book] returns [ErrOtherSize], so that a program runs without
// a book and says so. Package book reads and writes book files.
package openingbook
