// This file turns arguments and lines into the positions to answer.

package posfile

import (
	"context"
	"fmt"
	"io"
	"iter"

	"github.com/fourgen/fourgen/engine/board"
)

// Input is one position to answer, from a line of input or an argument.
type Input struct {
	Where    string         // "line 3" or "argument 2", for error messages
	Moves    string         // the move string, printed back with the answer
	Notation board.Notation // of Moves, for moves added to it
	Pos      board.Position
	Err      error // why the input was refused; Pos is then unset
}

// newInput plays the move string of an input found where (e.g.
// "argument 2"), its columns counted from 0 with zeroBased.
func newInput(where, moves string, zeroBased bool) Input {
	in := Input{Where: where, Moves: moves}
	var err error
	if in.Pos, in.Notation, err = PositionAs(moves, zeroBased); err != nil {
		in.Err = fmt.Errorf("%s: %w", Quote(moves), err)
	}
	return in
}

// ParseLine reads the move string of an input line and plays it.
func ParseLine(l Line) Input { return parseLine(l, false) }

// parseLine is [ParseLine], the columns counted from 0 with zeroBased.
func parseLine(l Line, zeroBased bool) Input {
	where := fmt.Sprintf("line %d", l.N)
	moves, _, err := Fields(l.Text)
	if err != nil {
		return Input{Where: where, Moves: moves, Err: err}
	}
	return newInput(where, moves, zeroBased)
}

// inputs yields the positions given as args, "argument N" each, or, when
// there are none, those of the lines of r, read as [LinesCtx] does; their
// columns are counted from 0 with zeroBased. A refused position comes with
// its Err set; the error of the sequence is for input that cannot be read
// (ctx's error when ctx is done first).
func inputs(ctx context.Context, args []string, r io.Reader, zeroBased bool) iter.Seq2[Input, error] {
	if len(args) > 0 {
		return func(yield func(Input, error) bool) {
			for i, moves := range args {
				if !yield(newInput(fmt.Sprintf("argument %d", i+1), moves, zeroBased), nil) {
					return
				}
			}
		}
	}
	return func(yield func(Input, error) bool) {
		for l, err := range LinesCtx(ctx, r) {
			if err != nil {
				yield(Input{}, err)
				return
			}
			if !yield(parseLine(l, zeroBased), nil) {
				return
			}
		}
	}
}
