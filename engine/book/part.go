// This file reads the part of a build's work a process does, as the
// --shard flag of c4 book build names it.

package book

import (
	"errors"
	"strconv"
	"strings"
)

// MaxShards is the most parts a build's work may be split into.
const MaxShards = 1 << 20

// ParsePart reads "i/n", the i-th of n parts of a build's work
// ([BuildOptions.Shard] and Shards), with 0 ≤ i < n ≤ [MaxShards].
func ParsePart(s string) (i, n int, err error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n || n > MaxShards {
		return 0, 0, errors.New("want i/n with 0 ≤ i < n")
	}
	return i, n, nil
}
