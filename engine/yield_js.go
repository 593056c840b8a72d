//go:build js

package engine

import "runtime"

// pollInterval is the number of nodes between two looks at the context
// (and at the other threads' halt flag; the threads of js/wasm share one
// core). Each look reads the clock through JavaScript when progress is
// reported.
const pollInterval = 1 << 14

// yieldEvery is how many polls pass between two yields: a yield reads the
// clock through JavaScript, which costs more than the poll itself.
const yieldEvery = 8

// polls counts the calls of yield; a js/wasm program has one thread.
var polls uint

// yield lets the Go scheduler run other goroutines during a long search,
// every yieldEvery polls. A js/wasm program has one thread and no
// preemption: without it a search never lets the timer of a context's
// deadline fire, nor a helper thread of [Solver.SetThreads] run, until it
// ends.
func yield() {
	if polls++; polls%yieldEvery == 0 {
		runtime.Gosched()
	}
}
