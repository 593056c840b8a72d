//go:build !js

package engine

// yield does nothing where goroutines are preempted (see yield_js.go).
func yield() {}
