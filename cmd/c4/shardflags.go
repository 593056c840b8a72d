package main

import (
	"flag"
	"fmt"

	"github.com/fourgen/fourgen/internal/shard"
)

// shardFlags are the flags that choose the part of a long job (a dataset,
// a book build) one process does: --shard i/n, or in a job array
// --shard-from-env with --shards n (and --array-base for a Slurm array
// numbered from 1), the index read by [shard.FromEnv].
type shardFlags struct {
	part    *string
	fromEnv *bool
	shards  *int
	base    *int
}

// addShardFlags defines the shard flags on fs; partUsage explains --shard.
func addShardFlags(fs *flag.FlagSet, partUsage string) *shardFlags {
	return &shardFlags{
		part:    fs.String("shard", "0/1", partUsage),
		fromEnv: fs.Bool("shard-from-env", false, "take the shard index from JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID (with --shards)"),
		shards:  fs.Int("shards", 0, "number of shards `n` with --shard-from-env"),
		base:    fs.Int("array-base", 0, "first SLURM_ARRAY_TASK_ID of the array, subtracted from it"),
	}
}

// choose returns the part i of n the flags name, reading a job array's
// index through getenv with --shard-from-env.
func (f *shardFlags) choose(getenv func(string) string) (i, n int, err error) {
	return chooseShard(*f.part, *f.fromEnv, *f.shards, *f.base, getenv)
}

// chooseShard returns the part of --shard, or with fromEnv the one of the
// job array's index variables among n parts.
func chooseShard(flagValue string, fromEnv bool, n, base int, getenv func(string) string) (int, int, error) {
	if !fromEnv {
		if n != 0 {
			return 0, 0, fmt.Errorf("--shards goes with --shard-from-env; give --shard i/n otherwise")
		}
		i, n, err := shard.Parse(flagValue)
		if err != nil {
			return 0, 0, fmt.Errorf("--shard %q: %v", flagValue, err)
		}
		return i, n, nil
	}
	if flagValue != "0/1" {
		return 0, 0, fmt.Errorf("--shard and --shard-from-env exclude each other")
	}
	if n < 1 {
		return 0, 0, fmt.Errorf("--shard-from-env needs --shards n, the number of tasks of the array")
	}
	i, err := shard.FromEnv(getenv, n, base)
	return i, n, err
}
