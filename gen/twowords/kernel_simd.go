//go:build goexperiment.simd && amd64

package board

import "simd/archsimd"

// WinningCellsX4 panics: a lane of the AVX2 kernel holds one word, so a board
// of two words has no kernel of four boards at a time. Batch, which plays
// boards of one word only, never calls it; it is here so that batch builds.
func WinningCellsX4(_, _ archsimd.Uint64x4) archsimd.Uint64x4 {
	panic("board: no AVX2 kernel on a board of two words (a lane holds one word)")
}

// FourCellsX4 panics, as WinningCellsX4 does.
func FourCellsX4(_ archsimd.Uint64x4) archsimd.Uint64x4 {
	panic("board: no AVX2 kernel on a board of two words (a lane holds one word)")
}
