package book

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/fourgen/fourgen/board"
	"github.com/fourgen/fourgen/solver"
)

// BuildOptions says which book to build and how.
type BuildOptions struct {
	Root     string          // move string of the position the book starts from; "" for the empty board
	Plies    int             // stones of every position in the book
	Kind     solver.BookKind // exact scores or outcomes only
	Shard    int             // which part of the work, 0 ≤ Shard < Shards
	Shards   int             // number of parts the work is split into
	TableMiB int             // the solver's table size
	// Book, if not nil, is an opening book the solver consults, when its
	// positions have more stones than the build's: a search from the
	// build's positions reaches them, and answers from the book. A book of
	// the build's stone count or fewer is not used, since the search never
	// comes back to fewer stones, and a book must not be built from
	// itself.
	Book *solver.Book
	// Progress, if not nil, is called after every position with the
	// number done (resumed ones included) and the shard's total.
	Progress func(done, total int)
}

// BuildShard solves the positions of one shard of a book and appends one
// line "KEY SCORE" per position to the shard file at path, which doubles as
// the checkpoint: when the file exists, the positions already in it are
// skipped, and a last line cut short by a crash is dropped. It returns when
// the shard is complete, or with ctx's error when cancelled, having lost no
// finished work. While it runs, a lock file (path + ".lock") keeps another
// build from writing the same file; a lock left by a build that was killed
// is noticed and replaced.
func BuildShard(ctx context.Context, path string, opts BuildOptions) error {
	if opts.Shards < 1 || opts.Shard < 0 || opts.Shard >= opts.Shards {
		return fmt.Errorf("shard %d/%d: want 0 ≤ i < n", opts.Shard, opts.Shards)
	}
	if opts.Kind != solver.BookExact && opts.Kind != solver.BookWDL {
		return fmt.Errorf("unknown book kind %d", opts.Kind)
	}
	root, err := board.Parse(opts.Root)
	if err != nil {
		return fmt.Errorf("root %q: %w", opts.Root, err)
	}
	all, err := Positions(root, opts.Plies)
	if err != nil {
		return err
	}
	lo, hi := shardRange(len(all), opts.Shard, opts.Shards)
	todo := all[lo:hi]
	header := opts.shardHeader(len(all))

	// The table first: a size the machine cannot hold is refused before
	// the shard file is touched.
	s, err := solver.NewSolverChecked(opts.TableMiB)
	if err != nil {
		return err
	}
	if opts.Book != nil && opts.Book.Plies() > opts.Plies {
		s.SetBook(opts.Book)
	}
	unlock, err := lockShard(path)
	if err != nil {
		return err
	}
	defer unlock()
	done, size, err := readShard(path, header, todo)
	if err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := f.Truncate(size); err != nil { // drop a torn last line
		return err
	}
	if _, err := f.Seek(size, io.SeekStart); err != nil {
		return err
	}
	if size == 0 {
		if _, err := f.WriteString(header + "\n"); err != nil {
			return err
		}
	}

	count := len(done)
	for _, p := range todo {
		code := board.BookKey(p)
		if _, ok := done[code]; ok {
			continue
		}
		var v board.Score
		if opts.Kind == solver.BookExact {
			v, err = s.Solve(ctx, p)
		} else {
			v, err = s.SolveWeak(ctx, p)
		}
		if err != nil {
			return err
		}
		if _, err := f.WriteString(strconv.FormatUint(uint64(code), 10) + " " + strconv.Itoa(int(v)) + "\n"); err != nil {
			return err
		}
		count++
		if opts.Progress != nil {
			opts.Progress(count, len(todo))
		}
	}
	return f.Sync()
}

// readShard reads the entries of an existing shard file, checking that it
// belongs to the same build, and returns them with the length of the file
// up to its last complete line. A missing file is an empty shard.
func readShard(path, header string, todo []board.Position) (map[uint32]board.Score, int64, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return make(map[uint32]board.Score), 0, nil
	}
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	return readShardFrom(newShardReader(path, f), header, todo)
}

// readShardFrom is [readShard] of a file already open. It stops at the
// first line that is not the header or a new position of the shard, so
// that a file of another kind is refused at once.
func readShardFrom(r *shardReader, header string, todo []board.Position) (map[uint32]board.Score, int64, error) {
	done := make(map[uint32]board.Score)
	want := make(map[uint32]bool, len(todo))
	for _, p := range todo {
		want[board.BookKey(p)] = true
	}
	for {
		text, ended, err := r.next()
		if err == io.EOF || err == nil && !ended {
			return done, r.size, nil // a line without its newline was cut short
		}
		if err != nil {
			return nil, 0, err
		}
		switch {
		case r.line == 1 && text != header:
			if _, _, err := parseShardHeader(text); err != nil {
				return nil, 0, fmt.Errorf("%s: %w", r.name, err)
			}
			return nil, 0, fmt.Errorf("%s: made by another build:\n  %s\nwant\n  %s", r.name, text, header)
		case r.line > 1:
			code, score, err := parseShardLine(text)
			if err != nil {
				return nil, 0, fmt.Errorf("%s:%d: %v", r.name, r.line, err)
			}
			if !want[code] {
				return nil, 0, fmt.Errorf("%s:%d: key %d does not belong to this shard", r.name, r.line, code)
			}
			if _, dup := done[code]; dup {
				return nil, 0, fmt.Errorf("%s:%d: key %d is listed twice", r.name, r.line, code)
			}
			done[code] = score
		}
	}
}
