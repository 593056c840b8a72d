package dataset

import (
	"bufio"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"sync"
	"time"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/internal/atomicfile"
	"github.com/fourgen/fourgen/internal/regularfile"
	"github.com/fourgen/fourgen/internal/shard"
)

// Options configures [Run].
type Options struct {
	Spec
	// Shard is the part of the dataset to label, the slots j with j mod
	// Of = Index; the zero value means the whole dataset.
	Shard shard.Part
	// Workers is the number of positions labelled at once, one solver
	// each; 0 means runtime.GOMAXPROCS(0), every core.
	Workers int
	// TableMiB is each solver's transposition table; 0 means
	// engine.DefaultTableMiB.
	TableMiB int
	// Book, if not nil, is the opening book the solvers consult.
	Book *engine.Book
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
	// amiss in the checkpoint: lines dropped, to be labelled again.
	Notify func(msg string)
}

// Run labels the shard's positions of the dataset and writes them to out,
// in the format of its extension, in slot order. It appends each record
// to the checkpoint out+".ckpt" as it goes and resumes from it when called
// again with the same options after being stopped at any point, even by
// kill -9: no record is lost or labelled twice. Resuming checks each
// record's keyed hash and refuses, naming the line, a record that does not
// match (edited or damaged); a record out of its place is dropped with the
// lines after it and labelled again, said to opts.Notify. On success it
// removes the checkpoint. When ctx is cancelled it returns ctx's error
// with the checkpoint synced, at once even while drawing positions. It
// holds the lock of out (see package filelock) while it runs: a second
// run on out is refused.
//
// When out already exists, Run labels nothing: if out holds this run's
// records (the shard's slots, positions and consistent labels) it
// returns an error wrapping [ErrDone]; otherwise an [*ExistsError],
// unless opts.Force is set, when out is replaced.
func Run(ctx context.Context, out string, opts Options) error {
	if opts.Shard.Of == 0 {
		opts.Shard = shard.Part{Index: 0, Of: 1}
	}
	format, err := FormatOf(out)
	if err != nil {
		return err
	}
	if err := opts.Spec.Validate(); err != nil {
		return err
	}
	lock, err := lockOutput(out)
	if err != nil {
		return err
	}
	defer lock.Release()
	total := opts.Shard.Len(opts.Count)
	ckpt := out + ".ckpt"
	// Telling this run's output from another file draws as many positions
	// as the file holds records, whatever ctx says: bounded by its size.
	if err := checkOutput(out, opts.Force, total, newShardStream(context.WithoutCancel(ctx), opts)); err != nil {
		if errors.Is(err, ErrDone) {
			if rerr := removeStale(ckpt, opts); rerr != nil {
				return rerr
			}
		}
		return stopped(err, 0, total)
	}
	slots := newShardStream(ctx, opts)
	ck, err := resume(ckpt, opts, slots, total, opts.Notify)
	if err != nil {
		return stopped(err, 0, total)
	}
	err = label(ctx, ck, opts, slots, total)
	if cerr := ck.f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if err := convert(ckpt, out, format, opts, total); err != nil {
		return err
	}
	return os.Remove(ckpt)
}

// newShardStream is the stream of the positions of opts's shard.
func newShardStream(ctx context.Context, opts Options) *shardStream {
	ps, _ := newPositionStream(ctx, opts.Spec) // Run validated the spec
	return &shardStream{ps: ps, shard: opts.Shard}
}

// stopped says, when err is a cancellation, how far the run got and that
// running it again resumes.
func stopped(err error, done, total int) error {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("stopped after %d of %d positions (run again with the same flags to resume): %w", done, total, err)
	}
	return err
}

// labelled is a record labelled by a worker, or its error.
type labelled struct {
	k   int // the record's place among those labelled
	rec datasetRecord
	err error
}

// label labels the rest of the shard's slots, drawn from slots, with
// opts.Workers solvers and appends their records to the checkpoint in
// slot order; ck.done of total are already in.
func label(ctx context.Context, ck *checkpoint, opts Options, slots *shardStream, total int) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type job struct {
		k, slot int
		pos     string
	}
	jobs := make(chan job)
	results := make(chan labelled)
	var drawErr error // the stream's error, read after jobs is closed
	go func() {
		defer close(jobs)
		for k := range total - ck.done {
			slot, pos, err := slots.Next()
			if err != nil {
				drawErr = err
				cancel()
				return
			}
			select {
			case jobs <- job{k, slot, pos}:
			case <-ctx.Done():
				return
			}
		}
	}()
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			s, err := engine.NewSolver(opts.TableMiB)
			if err != nil {
				for j := range jobs {
					results <- labelled{j.k, datasetRecord{}, err}
				}
				return
			}
			s.SetBook(opts.Book)
			for j := range jobs {
				rec, err := labelPosition(ctx, s, int64(j.slot), j.pos)
				results <- labelled{j.k, rec, err}
			}
		})
	}
	go func() { wg.Wait(); close(results) }()
	err := writeInOrder(ctx, cancel, ck, opts, results, total)
	if err == nil && drawErr != nil && !errors.Is(drawErr, context.Canceled) {
		err = drawErr
	}
	if err == nil && ck.done < total {
		err = ctx.Err()
		if err == nil {
			err = context.Canceled
		}
	}
	return stopped(err, ck.done, total)
}

// writeInOrder appends the records of results to the checkpoint in the
// order of their places, syncing it every opts.SyncEvery, until results
// is closed; on the first error it cancels the others and writes no more.
func writeInOrder(ctx context.Context, cancel func(), ck *checkpoint, opts Options, results <-chan labelled, total int) error {
	syncEvery := cmp.Or(opts.SyncEvery, time.Second)
	lastSync := time.Now()
	pending := make(map[int]datasetRecord)
	next := 0
	var firstErr error
	fail := func(err error) {
		if firstErr == nil {
			firstErr = err
			cancel()
		}
	}
	for r := range results {
		if firstErr == nil && ctx.Err() != nil { // stopped: write no more
			firstErr = ctx.Err()
		}
		if r.err != nil {
			fail(r.err)
		}
		if firstErr != nil {
			continue
		}
		pending[r.k] = r.rec
		for rec, ok := pending[next]; ok && ctx.Err() == nil; rec, ok = pending[next] {
			delete(pending, next)
			if _, err := ck.f.Write(sealRecord(ck.key, rec)); err != nil {
				fail(err)
				break
			}
			next++
			ck.done++
			if opts.Progress != nil {
				opts.Progress(ck.done, total)
			}
		}
		if time.Since(lastSync) >= syncEvery {
			if err := ck.f.Sync(); err != nil {
				fail(err)
			}
			lastSync = time.Now()
		}
	}
	if err := ck.f.Sync(); err != nil && firstErr == nil {
		firstErr = err
	}
	return firstErr
}

// convert writes the records of the finished checkpoint ckpt, total of
// them, to out in format with the run's settings (see settings.go), whole
// or not at all (package atomicfile), checking each record's hash, slot
// and labels again as it goes.
func convert(ckpt, out string, format Format, opts Options, total int) error {
	f, err := regularfile.OpenFile(ckpt, os.O_RDONLY, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, maxRecordLine)
	run, err := readHeader(ckpt, br, opts)
	if err != nil {
		return err
	}
	key := runKey(opts, run)
	s := settingsOf(opts)
	if err := writeSettings(out, format, &s); err != nil {
		return err
	}
	return atomicfile.Write(out, 0o644, func(w io.Writer) error {
		rw, err := newWriter(format, w, &s)
		for k := 0; err == nil && k < total; k++ {
			var line []byte
			if line, err = br.ReadSlice('\n'); err != nil {
				return fmt.Errorf("checkpoint %s holds %d of %d records", ckpt, k, total)
			}
			rec, rerr := openRecord(key, line[:len(line)-1])
			switch {
			case rerr != nil:
				err = fmt.Errorf("checkpoint %s: line %d: %w", ckpt, k+2, rerr)
			case rec.Index != int64(opts.Shard.Index+k*opts.Shard.Of):
				err = fmt.Errorf("checkpoint %s: line %d: slot %d, want %d", ckpt, k+2, rec.Index, opts.Shard.Index+k*opts.Shard.Of)
			default:
				if err = rec.checkLabels(); err == nil {
					err = rw.Write(rec)
				}
			}
		}
		if err == nil {
			err = rw.Close()
		}
		return err
	})
}

// writeFile writes recs to path in format with the settings s (nil for
// none), whole or not at all (package atomicfile).
func writeFile(path string, format Format, recs []datasetRecord, s *settings) error {
	if err := writeSettings(path, format, s); err != nil {
		return err
	}
	return atomicfile.Write(path, 0o644, func(f io.Writer) error {
		w, err := newWriter(format, f, s)
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
