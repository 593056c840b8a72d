//go:build !js

package engine

import "sync/atomic"

// tableWord is one entry of the transposition table. Threads share the
// table, so its words are read and written atomically: one load yields a
// whole entry (see table.go).
type tableWord = atomic.Uint64
