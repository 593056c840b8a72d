// Package reftest locates the reference data fourgen's tests read (the
// shared testdata beside the repository, computed by others) and reports
// the tests that skip when it is missing.
//
// Each package's TestMain calls [Skips.Main], which prints one line
// naming the tests that skipped for want of the data and why. The go
// command shows a passing package's output only with -v, so a plain
// "go test ./..." shows the line only where a package fails. With
// $FOURGEN_REQUIRE_TESTDATA set (CI sets it), a package whose tests skipped
// because the data could not be read fails (a skip for a board of another
// size does not count), so that a run without the data cannot pass
// unnoticed.
package reftest

import (
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
)

// requireEnv names the environment variable that, when set, makes a
// package whose tests skipped for want of the reference data fail.
const requireEnv = "FOURGEN_REQUIRE_TESTDATA"

// env names the environment variable that, when set, is the directory of
// the reference data instead of the default beside the repository.
const env = "FOURGEN_TESTDATA"

// Dir returns the directory of the reference data: $FOURGEN_TESTDATA when
// set, else def, the default relative to the test's package directory
// (such as "../../shared/testdata").
func Dir(def string) string {
	if d := os.Getenv(env); d != "" {
		return d
	}
	return def
}

// Skips records the tests of one package that skipped for want of the
// reference data. Its zero value is ready to use.
type Skips struct {
	mu      sync.Mutex
	names   []string
	reason  string // the first error
	missing int    // the skips for data that could not be read, not for another board
}

// Skip records tb and skips it, with err, the error of opening the data,
// as the reason.
func (s *Skips) Skip(tb testing.TB, err error) {
	tb.Helper()
	s.record(tb, err, true)
}

// record records tb as skipped for err, for data that is missing or (not
// missing) of another board, and skips it.
func (s *Skips) record(tb testing.TB, err error, missing bool) {
	tb.Helper()
	s.mu.Lock()
	s.names = append(s.names, tb.Name())
	if s.reason == "" {
		s.reason = err.Error()
	}
	if missing {
		s.missing++
	}
	s.mu.Unlock()
	tb.Skipf("reference data not available: %v", err)
}

// maxNames is how many skipped tests the line names before "and N more".
const maxNames = 4

// Line is the line reporting the skips of package pkg, "" for none.
func (s *Skips) Line(pkg string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := len(s.names)
	if n == 0 {
		return ""
	}
	names := strings.Join(s.names[:min(n, maxNames)], ", ")
	if n > maxNames {
		names += fmt.Sprintf(" and %d more", n-maxNames)
	}
	tests := "tests"
	if n == 1 {
		tests = "test"
	}
	return fmt.Sprintf("%s: skipped %d %s without the reference data (%s): %s; see README (%s sets its directory)\n",
		pkg, n, tests, names, s.reason, env)
}

// Main runs the tests of m, prints the line of the skips of package pkg,
// if any, and returns the exit code for os.Exit: a failure when tests
// skipped and $FOURGEN_REQUIRE_TESTDATA is set (see the package doc).
func (s *Skips) Main(m *testing.M, pkg string) int {
	code := m.Run()
	if line := s.Line(pkg); line != "" {
		fmt.Fprint(os.Stderr, line)
		if s.failsRun(os.Getenv(requireEnv) != "") && code == 0 {
			fmt.Fprintf(os.Stderr, "%s: failing: $%s is set, and tests skipped without the reference data\n", pkg, requireEnv)
			code = 1
		}
	}
	return code
}

// failsRun reports whether the skips fail the package's run: when the data
// is required and some test skipped because it could not be read.
func (s *Skips) failsRun(required bool) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return required && s.missing > 0
}
