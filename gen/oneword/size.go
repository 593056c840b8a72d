package board

// The sizes of 7×6, as size_gen.go declares them in package board.
const (
	Width      = 7
	Height     = 6
	ColumnBits = Height + 1
)
