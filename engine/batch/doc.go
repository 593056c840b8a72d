// Package batch steps many Connect-4 boards in lockstep. A [Boards] holds B
// positions as a struct of arrays (the side to move's stones, all stones and
// the stone counts, one slice each), and every operation applies the same
// whole-word masks and shifts as [board.Position] to every board, with no
// branch that depends on a board: legal moves, playing one cell or column
// per board, won games, winning cells, non-losing moves and resetting the
// finished games. [Playouts] plays random or greedy games to the end over a
// batch, for Monte-Carlo agents and for generating training positions.
//
// # SIMD
//
// Built with GOEXPERIMENT=simd on amd64, the kernels run four boards per
// instruction with AVX2 (simd/archsimd) when the processor has it; the
// portable loops are the default build, handle the tail of a batch and are
// the oracle the SIMD kernels are tested against.
package batch
