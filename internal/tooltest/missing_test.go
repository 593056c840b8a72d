package tooltest

import (
	"fmt"
	"strings"
	"testing"
)

// recorder is a testing.TB that records whether it was skipped or failed,
// and with what message, instead of ending the test.
type recorder struct {
	testing.TB
	skipped, failed bool
	msg             string
}

func (r *recorder) Helper() {}
func (r *recorder) Skipf(format string, args ...any) {
	r.skipped, r.msg = true, fmt.Sprintf(format, args...)
}
func (r *recorder) Fatalf(format string, args ...any) {
	r.failed, r.msg = true, fmt.Sprintf(format, args...)
}

// TestMissing checks that a missing tool skips a test, and fails it under
// FOURGEN_REQUIRE_TOOLS=1, naming the fix either way.
func TestMissing(t *testing.T) {
	for _, tc := range []struct {
		env           string
		skip, failure bool
	}{
		{"", true, false},
		{"0", true, false},
		{"1", false, true},
	} {
		t.Run("env="+tc.env, func(t *testing.T) {
			t.Setenv(requireEnv, tc.env)
			r := &recorder{TB: t}
			Missing(r, "no Chromium", "apt-get install chromium")
			if r.skipped != tc.skip || r.failed != tc.failure {
				t.Errorf("%s=%q: skipped %v, failed %v; want %v, %v", requireEnv, tc.env, r.skipped, r.failed, tc.skip, tc.failure)
			}
			if !strings.Contains(r.msg, "no Chromium") || !strings.Contains(r.msg, "apt-get install chromium") {
				t.Errorf("the message %q does not say what is missing and the fix", r.msg)
			}
		})
	}
}

// TestLookPath checks that a program on PATH is found without ending the
// test, and that one that is not ends it as Missing does.
func TestLookPath(t *testing.T) {
	t.Setenv(requireEnv, "1")
	r := &recorder{TB: t}
	if path := LookPath(r, "go", "install Go"); path == "" || r.failed || r.skipped {
		t.Errorf("LookPath(go) = %q (failed %v, skipped %v): go test runs with go on PATH", path, r.failed, r.skipped)
	}
	t.Setenv("PATH", t.TempDir())
	r = &recorder{TB: t}
	LookPath(r, "go", "install Go")
	if !r.failed || !strings.Contains(r.msg, "install Go") {
		t.Errorf("LookPath(go) with an empty PATH: failed %v, message %q", r.failed, r.msg)
	}
}
