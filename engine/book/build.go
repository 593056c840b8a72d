package book

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/regularfile"
	"github.com/fourgen/fourgen/internal/shard"
)

// BuildOptions says which book to build and how.
type BuildOptions struct {
	Root     string          // move string of the position the book starts from; "" for the empty board
	Plies    int             // stones of every position in the book
	Kind     engine.BookKind // exact scores or outcomes only
	Shard    shard.Part      // which part of the work: a contiguous range of the positions
	TableMiB int             // the solver's table size
	// Book, if not nil, is an opening book the solver consults, when its
	// positions have more stones than the build's: a search from the
	// build's positions reaches them, and answers from the book. A book of
	// the build's stone count or fewer is not used, since the search never
	// comes back to fewer stones, and a book must not be built from
	// itself.
	Book *engine.Book
	// Progress, if not nil, is called after every position with the
	// number done (resumed ones included) and the shard's total.
	Progress func(done, total int)
}

// BuildShard solves the positions of one shard of a book and appends one
// record "KEY SCORE CHECKSUM" per position to the shard file at path,
// which doubles as the checkpoint: when the file exists, the positions
// already in it are skipped, and a last line cut short by a crash is
// dropped; a record that fails its checksum is refused, naming the file
// and line. It returns when the shard is complete, or with ctx's error
// when cancelled, having lost no finished work. While it runs, it holds
// the lock of path (package filelock, on path + ".lock"), so that another
// build writing the same file is refused; the lock of a build that was
// killed is released by the system.
func BuildShard(ctx context.Context, path string, opts BuildOptions) error {
	want, todo, err := opts.plan()
	if err != nil {
		return err
	}
	// The table first: a size the machine cannot hold is refused before
	// the shard file is touched.
	s, err := engine.NewSolver(opts.TableMiB)
	if err != nil {
		return err
	}
	if opts.Book != nil && opts.Book.Plies() > opts.Plies {
		s.SetBook(opts.Book)
	}
	lock, err := lockShard(path)
	if err != nil {
		return err
	}
	defer lock.Release()
	cp, err := openCheckpoint(path, want, todo)
	if err != nil {
		return err
	}
	defer cp.f.Close()
	for _, p := range todo {
		if err := cp.solve(ctx, s, p, opts); err != nil {
			return err
		}
	}
	return cp.f.Sync()
}

// plan checks the options and returns the header a shard file of them
// has (but for its run id) and the positions the shard solves.
func (o BuildOptions) plan() (shardHeader, []board.Position, error) {
	if err := o.Shard.Check(); err != nil {
		return shardHeader{}, nil, err
	}
	if o.Kind != engine.BookExact && o.Kind != engine.BookWDL {
		return shardHeader{}, nil, fmt.Errorf("unknown book kind %d", o.Kind)
	}
	root, err := board.Parse(o.Root)
	if err != nil {
		return shardHeader{}, nil, fmt.Errorf("root %q: %w", o.Root, err)
	}
	all, err := Positions(root, o.Plies)
	if err != nil {
		return shardHeader{}, nil, err
	}
	lo, hi := o.Shard.Range(len(all))
	return newShardHeader(o, len(all)), all[lo:hi], nil
}

// A checkpoint is a shard file open for appending records.
type checkpoint struct {
	f     *os.File
	codec *recordCodec
	done  map[bookKey]board.Score // the positions already solved
	total int                     // the positions of the shard
}

// openCheckpoint opens the shard file at path of a build whose header is
// want: it reads the records already there, drops a torn last line, and
// writes want as the first line of a new file.
func openCheckpoint(path string, want shardHeader, todo []board.Position) (*checkpoint, error) {
	header, done, size, err := readShard(path, want, todo)
	if err != nil {
		return nil, err
	}
	f, err := regularfile.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	err = f.Truncate(size) // drop a torn last line
	if err == nil {
		_, err = f.Seek(size, io.SeekStart)
	}
	if err == nil && size == 0 {
		_, err = f.WriteString(header.String() + "\n")
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return &checkpoint{f: f, codec: newRecordCodec(header), done: done, total: len(todo)}, nil
}

// solve solves p, unless the checkpoint holds it, and appends its record.
func (cp *checkpoint) solve(ctx context.Context, s *engine.Solver, p board.Position, opts BuildOptions) error {
	code := board.BookKey(p)
	if _, ok := cp.done[code]; ok {
		return nil
	}
	var v board.Score
	var err error
	if opts.Kind == engine.BookExact {
		v, err = s.Solve(ctx, p)
	} else {
		v, err = s.SolveWeak(ctx, p)
	}
	if err != nil {
		return err
	}
	if _, err := cp.f.WriteString(cp.codec.line(code, v) + "\n"); err != nil {
		return err
	}
	cp.done[code] = v
	if opts.Progress != nil {
		opts.Progress(len(cp.done), cp.total)
	}
	return nil
}

// readShard reads the records of an existing shard file, checking that it
// belongs to the build of the header want, and returns its header, its
// records and the length of the file up to its last complete line. A
// missing file, or one without a complete first line, is an empty shard
// under want.
func readShard(path string, want shardHeader, todo []board.Position) (shardHeader, map[bookKey]board.Score, int64, error) {
	f, err := regularfile.OpenFile(path, os.O_RDONLY, 0)
	if errors.Is(err, os.ErrNotExist) {
		return want, make(map[bookKey]board.Score), 0, nil
	}
	if err != nil {
		return want, nil, 0, err
	}
	defer f.Close()
	return readShardFrom(newShardReader(path, f), want, todo)
}

// readShardFrom is [readShard] of a file already open. It stops at the
// first line that is not the header or a new position of the shard, so
// that a file of another kind is refused at once.
func readShardFrom(r *shardReader, want shardHeader, todo []board.Position) (shardHeader, map[bookKey]board.Score, int64, error) {
	done := make(map[bookKey]board.Score)
	mine := make(map[bookKey]bool, len(todo))
	for _, p := range todo {
		mine[board.BookKey(p)] = true
	}
	header, codec := want, (*recordCodec)(nil)
	for {
		text, ended, err := r.next()
		if err == io.EOF || err == nil && !ended {
			return header, done, r.size, nil // a line without its newline was cut short
		}
		if err != nil {
			return want, nil, 0, err
		}
		if r.line == 1 {
			if header, err = checkResumedHeader(r.name, text, want); err != nil {
				return want, nil, 0, err
			}
			codec = newRecordCodec(header)
			continue
		}
		code, score, err := codec.parse(text)
		switch {
		case err != nil:
			return want, nil, 0, fmt.Errorf("%s:%d: %v", r.name, r.line, err)
		case !mine[code]:
			return want, nil, 0, fmt.Errorf("%s:%d: key %d does not belong to this shard", r.name, r.line, code)
		case hasKey(done, code):
			return want, nil, 0, fmt.Errorf("%s:%d: key %d is listed twice", r.name, r.line, code)
		}
		done[code] = score
	}
}

// hasKey says whether done holds code.
func hasKey(done map[bookKey]board.Score, code bookKey) bool {
	_, ok := done[code]
	return ok
}

// checkResumedHeader reads the first line of a shard file being resumed,
// which must be a v2 header of the build and shard of want (the run id
// aside), and returns it.
func checkResumedHeader(name, text string, want shardHeader) (shardHeader, error) {
	h, err := parseShardHeader(text)
	switch {
	case err != nil:
		return want, fmt.Errorf("%s: %w", name, err)
	case h.legacy():
		return want, fmt.Errorf("%s: %w: this c4 resumes only v2 shards; merge it as it is (c4 book merge --legacy), or build it afresh under another name",
			name, ErrLegacyShard)
	case !h.sameBuild(want) || h.opts.Shard != want.opts.Shard:
		want.run = h.run
		return want, fmt.Errorf("%s: made by another build:\n  %s\nwant\n  %s", name, text, want)
	}
	return h, nil
}
