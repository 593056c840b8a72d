// This file reads the part of a build's work a process does, as the
// --shard flag of c4 book build names it.

package book

import "github.com/fourgen/fourgen/internal/shard"

// MaxShards is the most parts a build's work may be split into.
const MaxShards = shard.Max

// ParsePart reads "i/n", the i-th of n parts of a build's work
// ([BuildOptions.Shard] and Shards), with 0 ≤ i < n ≤ [MaxShards].
func ParsePart(s string) (i, n int, err error) {
	return shard.Parse(s)
}
