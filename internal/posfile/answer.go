// This file answers every position of an input, as c4solver does: a
// refused line is reported and the others still answered.

package posfile

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/fourgen/fourgen/internal/english"
	"github.com/fourgen/fourgen/internal/terminal"
)

// stdinNote tells someone who typed "c4 solve" at a terminal, without
// arguments, why nothing happens.
const stdinNote = "reading positions from stdin, one move string per line (Ctrl-D ends; or give MOVES as arguments)"

// Answer calls answer for every position of [inputs](ctx, args, r,
// zeroBased): their move strings in either notation of [board.ParseAs],
// the columns counted from 0 with zeroBased. A
// refused input is reported on stderr as "line N: reason" (or "argument N:
// reason") and the others are still answered; Answer then fails at the end
// saying how many were refused. An error from answer (a cancelled ctx, a
// failed write) or of reading r stops it at once. When the positions are
// read from r and r is a terminal, where someone may not know that they
// are waited for, Answer first says so on stderr ([stdinNote]).
func Answer(ctx context.Context, args []string, r io.Reader, stderr io.Writer, zeroBased bool, answer func(Input) error) error {
	what := "line"
	if len(args) > 0 {
		what = "argument"
	} else if terminal.Is(r) {
		fmt.Fprintln(stderr, stdinNote)
	}
	total, bad := 0, 0
	for in, err := range inputs(ctx, args, r, zeroBased) {
		if err != nil {
			if ctx.Err() != nil {
				return err
			}
			return fmt.Errorf("reading stdin: %w", err)
		}
		total++
		if in.Err != nil {
			bad++
			if _, err := fmt.Fprintf(stderr, "%s: %v\n", in.Where, in.Err); err != nil {
				return err
			}
			continue
		}
		if err := ctx.Err(); err != nil {
			return context.Cause(ctx)
		}
		if err := answer(in); err != nil {
			return err
		}
	}
	if bad > 0 {
		return fmt.Errorf("%d of %s refused", bad, english.Plural(total, what))
	}
	return nil
}

// Failed returns the error of answering in: a cancelled or expired
// context's as it is, any other (which should not happen: [Position]
// refuses what the solver would) naming the input and its moves.
func (in Input) Failed(err error) error {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return fmt.Errorf("%s: %s: %w", in.Where, Quote(in.Moves), err)
}
