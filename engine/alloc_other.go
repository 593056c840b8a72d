//go:build !linux

package engine

import "sync/atomic"

// allocEntries returns n zeroed table entries.
func allocEntries(_ *Table, n int) []atomic.Uint64 { return make([]atomic.Uint64, n) }
