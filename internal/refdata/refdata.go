// Package refdata locates the reference data fourgen's tests read (the
// shared testdata beside the repository, computed by others) and reports
// the tests that skip when it is missing.
//
// A skipped test says why only in go test -v. So that a plain
// "go test ./..." shows it too, each package's TestMain calls [Skips.Main],
// which prints one line naming the tests that skipped and why. In package
// list mode the go command discards the output of a test binary that
// passes, stdout and stderr alike, so on Linux the line goes to the go
// command's own stderr (/proc/PPID/fd/2) when the test binary's parent is
// the go command and writing there cannot overwrite its output; otherwise
// to the test binary's stderr, shown with -v or on failure. A cached
// result ("(cached)") replays no line: -count=1 runs the tests again.
package refdata

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"testing"
)

// Env names the environment variable that, when set, is the directory of
// the reference data instead of the default beside the repository.
const Env = "FOURGEN_TESTDATA"

// Dir returns the directory of the reference data: $FOURGEN_TESTDATA when
// set, else def, the default relative to the test's package directory
// (such as "../../shared/testdata").
func Dir(def string) string {
	if d := os.Getenv(Env); d != "" {
		return d
	}
	return def
}

// Skips records the tests of one package that skipped for want of the
// reference data. Its zero value is ready to use.
type Skips struct {
	mu     sync.Mutex
	names  []string
	reason string // the first error
}

// Skip records tb and skips it, with err, the error of opening the data,
// as the reason.
func (s *Skips) Skip(tb testing.TB, err error) {
	tb.Helper()
	s.mu.Lock()
	s.names = append(s.names, tb.Name())
	if s.reason == "" {
		s.reason = err.Error()
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
		pkg, n, tests, names, s.reason, Env)
}

// Main runs the tests of m, prints the line of the skips of package pkg,
// if any, where go test shows it (see the package doc), and returns the
// exit code for os.Exit.
func (s *Skips) Main(m *testing.M, pkg string) int {
	code := m.Run()
	if line := s.Line(pkg); line != "" {
		w := goStderr()
		io.WriteString(w, line)
		if w != os.Stderr {
			w.Close()
		}
	}
	return code
}
