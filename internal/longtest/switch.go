package longtest

import (
	"os"
	"testing"
)

// env names the environment variable that turns the long checks on
// (.ci/run sets it): any value but "" and "0".
const env = "FOURGEN_LONG_TESTS"

// on reports whether this run takes the long checks: $FOURGEN_LONG_TESTS
// is set, and the run is not -short.
func on() bool {
	v := os.Getenv(env)
	return v != "" && v != "0" && !testing.Short()
}

// Skip skips tb, a long check, unless the long checks are on; why says
// what makes it long (such as "solves 50 positions of 14 stones").
func Skip(tb testing.TB, why string) {
	tb.Helper()
	if !on() {
		tb.Skipf("a long check (%s): %s=1 runs it, as CI does", why, env)
	}
}

// Pick returns what a check takes in this run: short with -short, long
// with the long checks, else normal.
func Pick[T any](short, normal, long T) T {
	switch {
	case testing.Short():
		return short
	case on():
		return long
	}
	return normal
}
