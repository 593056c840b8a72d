package engine

import "github.com/fourgen/fourgen/internal/geom"

// The board's size. The generated tables are checked against these at
// compile time.
const (
	Width  = geom.StandardWidth  // number of columns
	Height = geom.StandardHeight // number of rows
	Cells  = Width * Height      // number of playable cells
)
