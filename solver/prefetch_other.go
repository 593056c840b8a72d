//go:build !amd64

package solver

// prefetch does nothing on this architecture.
func prefetch(*tableWord) {}
