//go:build !js

package solver

// yield does nothing where goroutines are preempted (see yield_js.go).
func yield() {}
