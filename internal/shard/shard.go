// Package shard reads the "i/n" that names one of n parts of a long job
// (a book build, a dataset), as --shard flags and job arrays give it.
package shard

import (
	"fmt"
	"strconv"
	"strings"
)

// Max is the most parts a job may be split into.
const Max = 1 << 20

// Parse reads "i/n", part i (0-based) of n parts, with 0 ≤ i < n ≤ [Max].
func Parse(s string) (i, n int, err error) {
	a, b, found := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !found || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n || n > Max {
		return 0, 0, fmt.Errorf("want i/n with 0 ≤ i < n ≤ %d", Max)
	}
	return i, n, nil
}
