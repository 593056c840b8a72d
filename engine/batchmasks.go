package engine

// Exported copies of the generated masks, for the batch kernels of package
// engine/batch, which apply the same whole-word operations to many boards.

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
