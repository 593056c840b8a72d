// This file answers every position of an input, as c4solver does: a
// refused line is reported and the others still answered.

package posfile

import (
	"context"
	"fmt"
	"io"

	"github.com/fourgen/fourgen/internal/english"
)

// Answer calls answer for every position of [Inputs](ctx, args, r). A
// refused input is reported on refused as "line N: reason" (or "argument N:
// reason") and the others are still answered; Answer then fails at the end
// saying how many were refused. An error from answer (a cancelled ctx, a
// failed write) or of reading r stops it at once.
func Answer(ctx context.Context, args []string, r io.Reader, refused io.Writer, answer func(Input) error) error {
	what := "line"
	if len(args) > 0 {
		what = "argument"
	}
	total, bad := 0, 0
	for in, err := range Inputs(ctx, args, r) {
		if err != nil {
			if ctx.Err() != nil {
				return err
			}
			return fmt.Errorf("reading stdin: %w", err)
		}
		total++
		if in.Err != nil {
			bad++
			if _, err := fmt.Fprintf(refused, "%s: %v\n", in.Where, in.Err); err != nil {
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
