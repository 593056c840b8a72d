package tooltest

import (
	"fmt"
	"os"
	"os/exec"
	"testing"
)

// requireEnv is the environment variable that turns a missing tool from a
// skip into a failure when it is "1".
const requireEnv = "FOURGEN_REQUIRE_TOOLS"

// Missing ends tb because a tool it needs is missing or does not start:
// why says what, fix how to get it ("apt-get install chromium"). It skips
// tb, or fails it when requireEnv is "1".
func Missing(tb testing.TB, why, fix string) {
	tb.Helper()
	if os.Getenv(requireEnv) == "1" {
		tb.Fatalf("%s: %s (%s=1: a check that cannot run fails)", why, fix, requireEnv)
		return
	}
	tb.Skipf("SKIP: %s (%s)", why, fix)
}

// LookPath returns the path of the program name, or ends tb as Missing
// does, with fix as the way to install it.
func LookPath(tb testing.TB, name, fix string) string {
	tb.Helper()
	path, err := exec.LookPath(name)
	if err != nil {
		Missing(tb, fmt.Sprintf("no %s: %v", name, err), fix)
	}
	return path
}
