//go:build js

package engine

import "runtime"

// yield lets the Go scheduler run other goroutines during a long search. A
// js/wasm program has one thread and no preemption: without it a search
// never lets the timer of a context's deadline fire, nor a helper thread
// of [Solver.SetThreads] run, until it ends.
func yield() { runtime.Gosched() }
