package dataset

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"sync"
	"time"

	"github.com/fourgen/fourgen/solver"
)

// Options configures [Run].
type Options struct {
	Spec
	// Shard is the part of the dataset to label; the zero value means the
	// whole dataset.
	Shard Shard
	// Workers is the number of positions labelled at once, one solver
	// each; 0 means runtime.GOMAXPROCS(0), every core.
	Workers int
	// TableMiB is each solver's transposition table; 0 means
	// solver.DefaultTableMiB.
	TableMiB int
	// Book, if not nil, is the opening book the solvers consult.
	Book *solver.Book
	// Progress, if not nil, is called after each record is written with the
	// records of the shard done (resumed ones included) and their total.
	Progress func(done, total int)
	// SyncEvery is how often the checkpoint is synced to disk; 0 means a
	// second.
	SyncEvery time.Duration
	// Force replaces an output file that is not this run's output; see
	// [Run].
	Force bool
	// Notify, if not nil, is told in a sentence what resuming found
	// amiss in the checkpoint: lines dropped, records labelled again.
	Notify func(msg string)
}

// Run labels the shard's positions of the dataset and writes them to out,
// in the format of its extension, in slot order. It appends each record
// to the checkpoint out+".ckpt" as it goes and resumes from it when called
// again with the same options after being stopped at any point, even by
// kill -9: no record is lost or labelled twice. Resuming checks each
// record: lines that are not the next slot's record are dropped from the
// first on, and records whose labels do not fit their positions (an
// edited score) are labelled again, each said to opts.Notify. On success
// it removes the checkpoint. When ctx is cancelled it returns ctx's error
// with the checkpoint synced.
//
// When out already exists, Run labels nothing: if out holds this run's
// records (the shard's slots, positions and consistent labels) it
// returns an error wrapping [ErrDone]; otherwise an [*ExistsError],
// unless opts.Force is set, when out is replaced.
func Run(ctx context.Context, out string, opts Options) error {
	if opts.Shard.Of == 0 {
		opts.Shard = Shard{0, 1}
	}
	format, err := FormatOf(out)
	if err != nil {
		return err
	}
	positions, err := Positions(opts.Spec)
	if err != nil {
		return err
	}
	var mine []int
	for j := range positions {
		if opts.Shard.Has(j) {
			mine = append(mine, j)
		}
	}
	ckpt := out + ".ckpt"
	if err := checkOutput(out, opts.Force, mine, positions); err != nil {
		if errors.Is(err, ErrDone) {
			if rerr := removeStale(ckpt, opts); rerr != nil {
				return rerr
			}
		}
		return err
	}
	f, done, err := resume(ckpt, opts, mine, positions, opts.Notify)
	if err != nil {
		return err
	}
	if f, err = repair(ctx, ckpt, f, done, opts, opts.Notify); err != nil {
		return err
	}
	err = label(ctx, f, opts, mine[len(done):], positions, len(done), len(mine))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if err := convert(ckpt, out, format, opts, mine, positions); err != nil {
		return err
	}
	return os.Remove(ckpt)
}

// label labels the slots todo with opts.Workers solvers and appends their
// records to the checkpoint f in slot order; done of total are already in.
func label(ctx context.Context, f *os.File, opts Options, todo []int, positions []string, done, total int) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	type result struct {
		k   int // position in todo
		rec Record
		err error
	}
	jobs := make(chan int)
	results := make(chan result)
	var wg sync.WaitGroup
	for range min(workers, max(len(todo), 1)) {
		wg.Go(func() {
			s := solver.NewSolver(opts.TableMiB)
			s.SetBook(opts.Book)
			for k := range jobs {
				rec, err := Label(ctx, s, int64(todo[k]), positions[todo[k]])
				results <- result{k, rec, err}
			}
		})
	}
	go func() {
		defer close(jobs)
		for k := range todo {
			select {
			case jobs <- k:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(results) }()

	syncEvery := opts.SyncEvery
	if syncEvery <= 0 {
		syncEvery = time.Second
	}
	lastSync := time.Now()
	pending := make(map[int]Record)
	next := 0
	var firstErr error
	for r := range results {
		if firstErr == nil && ctx.Err() != nil { // stopped: write no more
			firstErr = ctx.Err()
		}
		if r.err != nil {
			if firstErr == nil {
				firstErr = r.err
				cancel()
			}
			continue
		}
		if firstErr != nil {
			continue
		}
		pending[r.k] = r.rec
		for rec, ok := pending[next]; ok && ctx.Err() == nil; rec, ok = pending[next] {
			delete(pending, next)
			if _, err := f.Write(encodeJSON(rec)); err != nil {
				firstErr = err
				cancel()
				break
			}
			next++
			done++
			if opts.Progress != nil {
				opts.Progress(done, total)
			}
		}
		if time.Since(lastSync) >= syncEvery {
			if err := f.Sync(); err != nil && firstErr == nil {
				firstErr = err
				cancel()
			}
			lastSync = time.Now()
		}
	}
	if err := f.Sync(); err != nil && firstErr == nil {
		firstErr = err
	}
	if firstErr == nil && next < len(todo) {
		firstErr = ctx.Err()
	}
	if errors.Is(firstErr, context.Canceled) || errors.Is(firstErr, context.DeadlineExceeded) {
		return fmt.Errorf("stopped after %d of %d positions (run again with the same flags to resume): %w", done, total, firstErr)
	}
	return firstErr
}

// convert writes the records of the finished checkpoint ckpt to out in
// format, through a temporary file renamed into place.
func convert(ckpt, out string, format Format, opts Options, mine []int, positions []string) error {
	f, recs, err := resume(ckpt, opts, mine, positions, nil)
	if err != nil {
		return err
	}
	f.Close()
	if len(recs) != len(mine) {
		return fmt.Errorf("checkpoint %s holds %d of %d records", ckpt, len(recs), len(mine))
	}
	for _, rec := range recs {
		if err := rec.checkLabels(); err != nil {
			return fmt.Errorf("checkpoint %s: slot %d: %w", ckpt, rec.Index, err)
		}
	}
	return writeFile(out, format, recs)
}

// writeFile writes recs to path in format, through a temporary file that
// is synced and renamed into place (see replaceFile).
func writeFile(path string, format Format, recs []Record) error {
	return replaceFile(path, func(f io.Writer) error {
		w, err := newWriter(format, f)
		for _, rec := range recs {
			if err != nil {
				break
			}
			err = w.Write(rec)
		}
		if err == nil {
			err = w.Close()
		}
		return err
	})
}

// replaceFile replaces the file at path with what write writes, through a
// temporary file that is synced and renamed into place, so that the file
// is never seen half written.
func replaceFile(path string, write func(io.Writer) error) error {
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	defer os.Remove(tmp) // after a successful rename there is nothing to remove
	err = write(f)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return os.Rename(tmp, path)
}
