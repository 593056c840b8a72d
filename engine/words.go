package engine

// Exported forms of the generated masks and threat kernel, for package
// batch, which applies the same whole-word operations to many
// boards. A word is a set of cells in the bit layout of the package doc;
// FourCellsOf (kernel_gen.go) is generated exported, and the AVX2 forms of
// the kernel, four boards at a time, are WinningCellsX4 and FourCellsX4
// (kernel_simd_gen.go, built with GOEXPERIMENT=simd on amd64).

const (
	// ColumnBits is the number of bits per column: the playable rows and a
	// guard bit (see the package doc's bit layout).
	ColumnBits = columnBits
	// BottomMask holds the bottom cell of every column.
	BottomMask = bottomMask
	// BoardMask holds every playable cell.
	BoardMask = boardMask
)

// ColumnMask is the set of playable cells of column col (0-based, below
// [Width]).
func ColumnMask(col int) uint64 { return columnMask[col] }

// WinningCellsOf is the set of empty cells (not in occupied) where one
// more stone would complete four with stones s, playable now or not: the
// generated kernel behind [Position.WinningCells]. The stones must rest on
// each other as in a game.
func WinningCellsOf(s, occupied uint64) uint64 { return winningCells(s, occupied) }
