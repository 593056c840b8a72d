// This file decides what to do with an output file that already exists
// when a run starts: nothing when it is this run's output, and otherwise
// refuse to replace it unless told to.

package dataset

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/atomicfile"
	"github.com/fourgen/fourgen/internal/filelock"
	"github.com/fourgen/fourgen/internal/regularfile"
)

// ErrDone is the error of [Run] when its output file already holds the
// output of the same options: there was nothing to do.
var ErrDone = errors.New("the output is already written: nothing to do")

// ExistsError is the error of [Run] when its output file exists and is
// not the output of the same options: Run leaves it untouched unless
// [Options.Force] is set.
type ExistsError struct {
	Path   string
	Reason string // why it is not this run's output
}

func (e *ExistsError) Error() string {
	return fmt.Sprintf("%s exists and is not the output of this run (%s)", e.Path, e.Reason)
}

// maxRecordBytes bounds the bytes one record takes in any format: its
// fields written out in full, its board, with room for quoting and
// framing.
const maxRecordBytes = 128 + 2*maxBoardName + board.Cells + 8*board.Width

// checkOutput returns nil when out does not exist, or when it does and
// force is set; an error when it is not a regular file (a directory, a
// device, a link: never replaced); an error wrapping [ErrDone] when out
// holds, in the format of its extension, exactly the records of the total
// slots of slots with their positions, labels that fit them; an
// [*ExistsError] otherwise.
func checkOutput(out string, force bool, total int, slots *shardStream) error {
	var drawErr error
	err := checkExisting(out, force, total, func(recs []datasetRecord) string {
		for k, rec := range recs {
			slot, pos, err := slots.Next()
			if err != nil {
				drawErr = err
				return err.Error()
			}
			if rec.Index != int64(slot) || rec.Pos != pos {
				return fmt.Sprintf("record %d is slot %d %q, this run's is slot %d %q", k+1, rec.Index, rec.Pos, slot, pos)
			}
		}
		return ""
	})
	if drawErr != nil {
		return drawErr
	}
	return err
}

// checkExisting is checkOutput for a run that writes n records, which
// differs tells apart: it is given the n records read from out and says
// how they differ from the run's, "" when they do not. It reads out only
// when its size allows n records.
func checkExisting(out string, force bool, n int, differs func(recs []datasetRecord) string) error {
	info, err := os.Lstat(out)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return err
	case !info.Mode().IsRegular():
		return fmt.Errorf("%s exists and is not a regular file: never replaced", out)
	case force:
		return nil
	case int64(n) < (math.MaxInt64-1<<16)/maxRecordBytes && info.Size() > 1<<16+int64(n)*maxRecordBytes:
		return &ExistsError{out, fmt.Sprintf("%d bytes, too many for %d records", info.Size(), n)}
	}
	recs, err := readFile(out)
	if err != nil {
		return &ExistsError{out, err.Error()}
	}
	if len(recs) != n {
		return &ExistsError{out, fmt.Sprintf("%d records, this run writes %d", len(recs), n)}
	}
	if why := differs(recs); why != "" {
		return &ExistsError{out, why}
	}
	return fmt.Errorf("%s holds the %d records of this run: %w", out, len(recs), ErrDone)
}

// removeStale removes the checkpoint at path if it is one of opts: left
// behind by a run stopped after writing its output.
func removeStale(path string, opts Options) error {
	f, err := regularfile.OpenFile(path, os.O_RDONLY, 0)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	run, err := readHeader(path, bufio.NewReaderSize(f, maxRecordLine), opts)
	f.Close()
	if err != nil || run == "" {
		return nil // not ours, or not a checkpoint: leave it
	}
	return os.Remove(path)
}

// lockOutput takes the lock of out (see package filelock), so that a
// second run or merge writing out is refused instead of racing this one,
// and removes the temporary files of out a killed run left.
func lockOutput(out string) (*filelock.Lock, error) {
	lock, err := filelock.Acquire(out)
	if held, ok := errors.AsType[*filelock.HeldError](err); ok {
		return nil, fmt.Errorf("another c4 dataset is writing %s (%s): wait for it to finish, or choose another --out", out, held.Holder())
	}
	if err != nil {
		return nil, err
	}
	// Held, the lock says no other writer of out is at work: what
	// temporaries of out and its settings are left, a killed run left.
	for _, p := range []string{out, out + settingsSuffix} {
		if err := atomicfile.RemoveTemporaries(p); err != nil {
			lock.Release()
			return nil, fmt.Errorf("remove the leftovers of an earlier run: %w", err)
		}
	}
	return lock, nil
}
