//go:build !js

package engine

// pollInterval is the number of nodes between two looks at the context and
// at the halt flag a parallel search's first thread to finish sets: about
// 0.1 ms of search. At 1 << 14 (about 2 ms) a thread went on that long
// after the other had answered a window; measured on 2026-12-04,
// positions/n08 on two threads, 12 alternated runs each: 70.6 -> 67.3 ms a
// position, 855,347 -> 840,749 nodes; on one thread 90.7 -> 89.9 ms (node
// counts identical); the empty board on two threads 3.367 -> 3.348 s.
const pollInterval = 1 << 10

// yield does nothing where goroutines are preempted (see yield_js.go).
func yield() {}
