// Package solvertest gives the tests of the packages beside the engine a
// solver in one line: New fails the test instead of returning the error
// that engine.NewSolver returns.
package solvertest

import (
	"testing"

	"github.com/fourgen/fourgen/engine"
)

// New returns a solver with a table of about tableMiB MiB, or fails tb.
func New(tb testing.TB, tableMiB int) *engine.Solver {
	tb.Helper()
	s, err := engine.NewSolver(tableMiB)
	if err != nil {
		tb.Fatal(err)
	}
	return s
}
