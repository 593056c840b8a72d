package engine

import "sync/atomic"

// prefetch asks the processor to start loading the cache line at addr
// without waiting for it. Go has no prefetch intrinsic outside the runtime,
// so this is a three-instruction assembly function.
//
//go:noescape
func prefetch(addr *atomic.Uint64)
