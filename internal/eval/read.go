package eval

import (
	"fmt"
	"io"

	"github.com/fourgen/fourgen/internal/posfile"
)

// read reads test positions, one per line, the move string first (what
// follows it, e.g. a reference score, is ignored), at most limit of them
// when limit > 0. name names the input in errors. A line that is no move
// string, or whose game is over, is refused.
func read(r io.Reader, name string, limit int) ([]Position, error) {
	var ps []Position
	for l, err := range posfile.Lines(r) {
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if limit > 0 && len(ps) == limit {
			break
		}
		in := posfile.ParseLine(l)
		if in.Err == nil && in.Pos.IsFull() {
			in.Err = fmt.Errorf("%s: the board is full", posfile.Quote(in.Moves))
		}
		if in.Err != nil {
			return nil, fmt.Errorf("%s: %s: %w", name, in.Where, in.Err)
		}
		ps = append(ps, Position{Moves: in.Moves, Pos: in.Pos})
	}
	return ps, nil
}
