package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"

	"github.com/fourgen/fourgen/internal/dataset"
	"github.com/fourgen/fourgen/internal/interrupt"
	"github.com/fourgen/fourgen/internal/progress"
	"github.com/fourgen/fourgen/internal/shard"
)

var datasetHelp = helpText("dataset")

func runDataset(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) > 0 && args[0] == "merge" {
		return runDatasetMerge(args[1:], stdout, stderr)
	}
	fs := flag.NewFlagSet("dataset", flag.ContinueOnError)
	count := fs.Int("count", 0, "number `N` of positions")
	plies := fs.String("plies", "", "range `A-B` of stones of the positions (0 to 41)")
	seed := fs.Uint64("seed", 1, "seed `S` of the random positions")
	out := fs.String("out", "", "`FILE` to write: .jsonl, .csv or .parquet")
	dist := fs.String("dist", "uniform", "distribution of the number of stones: uniform or games")
	dups := fs.Bool("duplicates", false, "allow repeated positions")
	noMirror := fs.Bool("no-mirror", false, "keep positions as drawn instead of mirror-canonical")
	parts := shard.AddFlags(fs, "label only the part `i/n` of the slots")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "positions labelled at once, one solver each")
	force := fs.Bool("force", false, "replace --out FILE even if it is not this run's output")
	mib := tableFlag(fs)
	books := addBookFlags(fs)
	rest, err := parseArgs(fs, args, stdout)
	if err != nil {
		return err
	}
	opts := dataset.Options{
		Spec:    dataset.Spec{Count: *count, Seed: *seed, Duplicates: *dups, NoMirror: *noMirror},
		Workers: *workers, TableMiB: *mib, Force: *force,
	}
	switch {
	case len(rest) > 0:
		return usageErrorf("dataset", "unexpected argument %q (want merge, or flags only)", rest[0])
	case *out == "":
		return usageErrorf("dataset", "want --out FILE")
	case *plies == "":
		return usageErrorf("dataset", "want --plies A-B")
	case *workers < 1:
		return usageErrorf("dataset", "--workers %d: want at least 1", *workers)
	}
	if _, err := dataset.FormatOf(*out); err != nil {
		return usageErrorf("dataset", "--out %v", err)
	}
	if opts.MinPly, opts.MaxPly, err = dataset.ParsePlies(*plies); err != nil {
		return usageErrorf("dataset", "--%v", err)
	}
	if opts.Distribution, err = dataset.ParseDistribution(*dist); err != nil {
		return usageErrorf("dataset", "--dist: %v", err)
	}
	if err := opts.Spec.Validate(); err != nil {
		return usageErrorf("dataset", "%v", err)
	}
	if opts.Shard, err = parts.Choose(os.Getenv); err != nil {
		return usageErrorf("dataset", "%v", err)
	}
	if err := checkTable("dataset", *mib); err != nil {
		return err
	}
	if opts.Book, err = books.load("dataset"); err != nil {
		return err
	}
	shown := progress.NewResumable(stderr, "positions")
	opts.Progress = shown.Update
	opts.Notify = func(msg string) { shown.Println(stderr, "c4: dataset: "+msg) }
	interrupt.Allow(ctx, finishGrace)
	err = dataset.Run(ctx, *out, opts)
	shown.Close()
	what := fmt.Sprintf("%d positions, plies %s, seed %d", *count, *plies, *seed)
	if opts.Shard.Of > 1 {
		what = fmt.Sprintf("shard %v of %s", opts.Shard, what)
	}
	return reportDataset(err, *out, what, stdout, stderr)
}

// reportDataset says what a run of c4 dataset writing out (what it
// holds) did, or returns its error err with what to do about it.
func reportDataset(err error, out, what string, stdout, stderr io.Writer) error {
	switch exists, isExists := errors.AsType[*dataset.ExistsError](err); {
	case errors.Is(err, dataset.ErrDone):
		_, err = fmt.Fprintf(stdout, "%s: already written (%s): nothing to do\n", out, what)
		return err
	case isExists:
		return fmt.Errorf("dataset: %w: remove it, choose another --out, or give --force to replace it", exists)
	case errors.Is(err, context.Canceled):
		// c4 reports a cancellation as "interrupted": say how to resume first.
		fmt.Fprintf(stderr, "c4: dataset: %v\n", err)
		return err
	case err != nil:
		return fmt.Errorf("dataset: %w", err)
	}
	_, err = fmt.Fprintf(stdout, "%s: %s\n", out, what)
	return err
}

// runDatasetMerge joins shard files into one dataset.
func runDatasetMerge(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("dataset", flag.ContinueOnError)
	out := fs.String("out", "", "dataset `FILE` to write: .jsonl, .csv or .parquet")
	force := fs.Bool("force", false, "replace --out FILE even if it is not this merge's output")
	files, err := parseArgs(fs, args, stdout)
	if err != nil {
		return err
	}
	if *out == "" || len(files) == 0 {
		return usageErrorf("dataset", "merge needs --out FILE and at least one shard file")
	}
	if _, err := dataset.FormatOf(*out); err != nil {
		return usageErrorf("dataset", "--out %v", err)
	}
	warn := func(msg string) { fmt.Fprintf(stderr, "c4: dataset merge: warning: %s\n", msg) }
	n, err := dataset.Merge(*out, files, dataset.MergeOptions{Force: *force, Notify: warn})
	switch exists, isExists := errors.AsType[*dataset.ExistsError](err); {
	case errors.Is(err, dataset.ErrDone):
		_, err = fmt.Fprintf(stdout, "%s: already written (%d positions from %d files): nothing to do\n", *out, n, len(files))
		return err
	case isExists:
		return fmt.Errorf("dataset merge: %w: remove it, choose another --out, or give --force to replace it", exists)
	case err != nil:
		return fmt.Errorf("dataset merge: %w", err)
	}
	_, err = fmt.Fprintf(stdout, "%s: %d positions from %d files\n", *out, n, len(files))
	return err
}
