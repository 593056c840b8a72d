// Package board (gen/oneword) is Bits of a board of at most 64 bits, one
// word, and its methods, one operator each: hand-written Go that gen
// copies, its package clause aside, into bits_gen.go of package board,
// where size_gen.go declares the sizes it uses. size.go gives them the
// values of 7×6 so that it builds and its tests run here. Its twin for two
// words is gen/twowords; the engine is written once against their methods.
package board
