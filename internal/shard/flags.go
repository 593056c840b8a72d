// This file holds the flags that choose the part of a long job one process
// does, which c4 book build and c4 dataset share.

package shard

import (
	"flag"
	"fmt"
)

// Flags are the flags that choose the part of a long job (a dataset, a
// book build) one process does: --shard i/n, or in a job array
// --shard-from-env with --shards n (and --array-base for a Slurm array
// numbered from 1), the index read by [partFromEnv].
type Flags struct {
	part    *string
	fromEnv *bool
	shards  *int
	base    *int
}

// AddFlags defines the shard flags on fs; partUsage explains --shard.
func AddFlags(fs *flag.FlagSet, partUsage string) *Flags {
	return &Flags{
		part:    fs.String("shard", "0/1", partUsage),
		fromEnv: fs.Bool("shard-from-env", false, "take the shard index from JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID (with --shards)"),
		shards:  fs.Int("shards", 0, "number of shards `n` with --shard-from-env"),
		base:    fs.Int("array-base", 0, "first SLURM_ARRAY_TASK_ID of the array, subtracted from it"),
	}
}

// Choose returns the part the flags name, after parsing, reading a job
// array's index through getenv (os.Getenv outside tests) with
// --shard-from-env.
func (f *Flags) Choose(getenv func(string) string) (Part, error) {
	return choose(*f.part, *f.fromEnv, *f.shards, *f.base, getenv)
}

// choose returns the part of --shard, or with fromEnv the one of the
// job array's index variables among n parts.
func choose(flagValue string, fromEnv bool, n, base int, getenv func(string) string) (Part, error) {
	if !fromEnv {
		if n != 0 {
			return Part{}, fmt.Errorf("--shards goes with --shard-from-env; give --shard i/n otherwise")
		}
		p, err := parse(flagValue)
		if err != nil {
			return Part{}, fmt.Errorf("--shard %q: %v", flagValue, err)
		}
		return p, nil
	}
	if flagValue != "0/1" {
		return Part{}, fmt.Errorf("--shard and --shard-from-env exclude each other")
	}
	if n < 1 {
		return Part{}, fmt.Errorf("--shard-from-env needs --shards n, the number of tasks of the array")
	}
	return partFromEnv(getenv, n, base)
}
