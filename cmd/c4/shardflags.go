package main

import (
	"flag"

	"github.com/fourgen/fourgen/internal/shard"
)

// shardFlags are the flags that choose the part of a long job one process
// does, [shard.Flags], for c4 book build and c4 dataset.
type shardFlags struct{ *shard.Flags }

// addShardFlags defines the shard flags on fs; partUsage explains --shard.
func addShardFlags(fs *flag.FlagSet, partUsage string) shardFlags {
	return shardFlags{shard.AddFlags(fs, partUsage)}
}

// choose returns the part i of n the flags name, reading a job array's
// index through getenv with --shard-from-env.
func (f shardFlags) choose(getenv func(string) string) (i, n int, err error) {
	return f.Choose(getenv)
}
