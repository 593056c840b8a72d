// This file repairs a resumed checkpoint whose records were edited or
// damaged in a way that still parses: their labels no longer fit their
// positions.

package dataset

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/fourgen/fourgen/solver"
)

// repair labels again the records of recs, resumed from the checkpoint
// f at path, whose labels do not fit their positions ([Record.checkLabels]),
// says so to notify, and rewrites the checkpoint with them fixed. It
// returns the checkpoint to append to: f itself when nothing needed a fix.
func repair(ctx context.Context, path string, f *os.File, recs []Record, opts Options, notify func(string)) (*os.File, error) {
	var bad []int
	var why []string
	for k, rec := range recs {
		if err := rec.checkLabels(); err != nil {
			bad = append(bad, k)
			if len(why) < 3 {
				why = append(why, fmt.Sprintf("slot %d: %v", rec.Index, err))
			}
		}
	}
	if len(bad) == 0 {
		return f, nil
	}
	if len(bad) > len(why) {
		why = append(why, "...")
	}
	if notify != nil {
		notify(fmt.Sprintf("checkpoint %s: labels that do not fit their positions in %d of %d records (%s): labelling them again",
			path, len(bad), len(recs), strings.Join(why, "; ")))
	}
	s := solver.NewSolver(opts.TableMiB)
	s.SetBook(opts.Book)
	for _, k := range bad {
		rec, err := Label(ctx, s, recs[k].Index, recs[k].Pos)
		if err != nil {
			f.Close()
			return nil, err
		}
		recs[k] = rec
	}
	if err := f.Close(); err != nil {
		return nil, err
	}
	if err := rewrite(path, headerLine(opts), recs); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	return f, nil
}

// rewrite replaces the checkpoint at path with header and recs (see
// replaceFile).
func rewrite(path string, header []byte, recs []Record) error {
	return replaceFile(path, func(f io.Writer) error {
		data := header
		for _, rec := range recs {
			data = append(data, encodeJSON(rec)...)
		}
		_, err := f.Write(data)
		return err
	})
}
