package board

// The sizes of 6×10 (three columns of 11 bits a word), as size_gen.go
// declares them in package board.
const (
	Width      = 6
	Height     = 10
	ColumnBits = Height + 1
	KeyBits    = Width * ColumnBits
	LowColumns = 3
)
