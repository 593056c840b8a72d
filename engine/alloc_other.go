//go:build !linux

package engine

import "sync/atomic"

// allocEntries returns n zeroed table entries. The Go runtime cannot report
// a failed allocation, so it never returns an error: [MaxTableMiB] is the
// only guard here.
func allocEntries(_ *Table, n int) ([]atomic.Uint64, error) {
	return make([]atomic.Uint64, n), nil
}
