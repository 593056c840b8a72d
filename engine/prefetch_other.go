//go:build !amd64

package engine

import "sync/atomic"

// prefetch does nothing on this architecture.
func prefetch(*atomic.Uint64) {}
