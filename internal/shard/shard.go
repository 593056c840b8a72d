// Package shard names one of n parts of a long job (a book build, a
// dataset): the [Part] "i/n", as --shard flags ([Flags]) and job arrays
// ([partFromEnv]) give it. Its two users split their work differently: a book
// build solves a contiguous range of its sorted positions ([Part.Range]),
// so that neighbours share table entries; a dataset labels every n-th
// slot ([Part.Has], [Part.Len]), so that each part gets the same mix.
package shard

import (
	"fmt"
	"strconv"
	"strings"
)

// max is the most parts a job may be split into.
const max = 1 << 20

// A Part is part Index (0-based) of Of parts of a job, written "i/n".
type Part struct {
	Index, Of int
}

// parse reads "i/n", part i (0-based) of n parts, with 0 ≤ i < n ≤ [max].
func parse(s string) (Part, error) {
	a, b, found := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	p := Part{i, n}
	if !found || err1 != nil || err2 != nil || p.Check() != nil {
		return Part{}, fmt.Errorf("want i/n with 0 ≤ i < n ≤ %d", max)
	}
	return p, nil
}

// String is the part as "i/n".
func (p Part) String() string { return fmt.Sprintf("%d/%d", p.Index, p.Of) }

// Check returns an error unless 0 ≤ Index < Of ≤ [max].
func (p Part) Check() error {
	if p.Of < 1 || p.Of > max || p.Index < 0 || p.Index >= p.Of {
		return fmt.Errorf("shard %v: want 0 ≤ i < n ≤ %d", p, max)
	}
	return nil
}

// Range is the contiguous split of total items: the part holds the items
// lo to hi-1, total*Index/Of to total*(Index+1)/Of. The parts of one Of
// tile the items in order.
func (p Part) Range(total int) (lo, hi int) {
	return total * p.Index / p.Of, total * (p.Index + 1) / p.Of
}

// Has reports whether item j belongs to the part in the strided split,
// where the part holds the items j with j mod Of = Index.
func (p Part) Has(j int) bool { return j%p.Of == p.Index }

// Len is the number of the items 0 to total-1 the part holds in the
// strided split (see [Part.Has]).
func (p Part) Len(total int) int {
	if p.Index >= total {
		return 0
	}
	return (total-p.Index-1)/p.Of + 1
}
