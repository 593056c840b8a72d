// This file is c4 eval build-set, which draws and labels an evaluation
// set, and the shipped set that c4 eval takes when given no files.

package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/fourgen/fourgen/internal/atomicfile"
	"github.com/fourgen/fourgen/internal/eval"
	"github.com/fourgen/fourgen/internal/evalset"
	"github.com/fourgen/fourgen/internal/progress"
)

// runBuildSet is c4 eval build-set: it draws and labels an evaluation set
// and writes it to --out.
func runBuildSet(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("eval build-set", flag.ContinueOnError)
	seed := fs.Uint64("seed", 1, "seed `S` of the random games")
	perCell := fs.Int("per-cell", 500, "`N` positions in each cell of the error table")
	out := fs.String("out", "", "write the set to `FILE`")
	solving := addSolverFlags(fs, allCores())
	args, err := parseArgs(fs, args, stdout)
	if err != nil {
		return err
	}
	switch {
	case len(args) > 0:
		return usageErrorf("eval build-set", "unexpected arguments %q", args)
	case *out == "":
		return usageErrorf("eval build-set", "want --out FILE")
	case *perCell < 1 || *perCell > evalset.MaxPerCell:
		return usageErrorf("eval build-set", "--per-cell %d: want 1 to %d", *perCell, evalset.MaxPerCell)
	}
	s, err := solving.solver("eval build-set")
	if err != nil {
		return err
	}
	bar := progress.New(stderr, int64(*perCell*evalset.CellCount()), "positions", "eval build-set")
	set, err := evalset.Build(ctx, s, *seed, *perCell, func() { bar.Add(1) })
	bar.Close()
	if err != nil {
		return fmt.Errorf("eval build-set: %w", err)
	}
	if err := atomicfile.Write(*out, 0o644, func(w io.Writer) error { return evalset.Write(w, set) }); err != nil {
		return fmt.Errorf("eval build-set: %w", err)
	}
	fmt.Fprintf(stdout, "wrote %d positions (%d a cell, seed %d) to %s\n", len(set.Positions), set.PerCell, set.Seed, *out)
	return nil
}

// shippedFiles are the positions of the shipped evaluation set, as the
// files c4 eval reads: a file a cell, named as Pons's sets are
// ("fourgen-evalset/L1_R1"), of which it takes, after the first skip, at
// most limit positions (all when limit is 0).
func shippedFiles(skip, limit int) (*eval.Files, error) {
	set, err := evalset.Shipped()
	if err != nil {
		return nil, fmt.Errorf("the shipped evaluation set: %w", err)
	}
	files := &eval.Files{}
	for i := range evalset.CellCount() {
		ps := set.Cell(i)
		ps = ps[min(skip, len(ps)):]
		if limit > 0 {
			ps = ps[:min(limit, len(ps))]
		}
		files.Names = append(files.Names, "fourgen-evalset/"+evalset.CellName(i))
		files.PerFile = append(files.PerFile, len(ps))
		files.Positions = append(files.Positions, ps...)
	}
	return files, nil
}
