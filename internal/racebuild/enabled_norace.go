//go:build !race

package racebuild

// Enabled is false in a build without the race detector.
const Enabled = false
