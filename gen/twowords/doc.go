// Package board (gen/twowords) is Bits of a board of more than 64 bits, two
// words of whole columns, and its methods: hand-written Go that gen copies,
// its package clause aside, into bits_gen.go of package board, where
// size_gen.go declares the sizes it uses. It does not depend on the
// geometry beyond those constants; size.go gives them the values of 6×10,
// whose shifts reach past the low word, so that it builds and its tests run
// here.
package board
