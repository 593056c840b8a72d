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

const datasetHelp = `Dataset writes N random reachable positions labelled with exact scores,
for training agents: each with its score and the score of each column,
as c4 analyze prints them (-1000 for a full column). The format follows
--out's extension: .jsonl (JSON Lines), .csv or .parquet. See
docs/datasets.md in the repository for the schema.

  c4 dataset --count N --plies A-B --seed S --out FILE [flags]
      draws the positions (fixed by count, plies, seed, --dist and the
      uniqueness flags alone), labels them on every core (--workers) and
      writes FILE in slot order. Positions are unique and mirror-canonical
      unless --duplicates or --no-mirror. --dist uniform draws the number of
      stones uniformly over A-B; --dist games as often as random games reach
      it. Each record is appended to FILE.ckpt as it is labelled: stopped
      at any point (Ctrl-C, kill -9), the same command resumes there, and
      the file it writes is the one an uninterrupted run writes. Each
      checkpoint record carries a checksum keyed to the run: resuming
      refuses an edited or damaged record, naming the file and line. A
      count of unique positions above what the plies can hold is refused.
      FILE is locked (FILE.lock) while a run writes it: a second run on
      the same FILE is refused.
      If FILE exists, the same command has nothing to do (it says so) when
      FILE holds this run's positions; any other FILE is left untouched
      and refused, unless --force.
      --shard i/n labels only slots j with j mod n = i; --shard-from-env
      (with --shards n) takes i from JOB_COMPLETION_INDEX (a Kubernetes
      Indexed Job) or SLURM_ARRAY_TASK_ID (a Slurm job array, minus
      --array-base). Labelling scores every child of a position: up to 8
      stones, the children are in the opening book (it holds 9) and come
      at once; 9 stones are the slowest (seconds each: every child is
      searched), and each stone more is quicker.
  c4 dataset merge --out FILE SHARD...
      joins shard files (of any formats) into FILE in slot order, checking
      that every slot is there exactly once. The same for one machine's
      shards and a job array's. Each file records its run's settings (in a
      Parquet footer, or beside FILE.jsonl and FILE.csv in FILE.settings):
      shards made with different settings (another --seed, say) are
      refused, naming both; files without settings (of an older c4) are
      merged with a warning. An existing FILE is left alone as above
      (--force replaces it).
`

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
