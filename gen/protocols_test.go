package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/internal/longtest"
)

// TestConnectXBuilds generates the engine of make c4 SIZE=7x6 K=5 as an
// overlay and runs the tests of /connectx and of the ConnectX
// configuration on it: the configuration {"rows": 6, "columns": 7,
// "inarow": 5} must be played there (TestConnectXFiveInARow, which on this
// build checks the refusal naming K=5), and every other test of the two
// packages must pass at that rule. Long checks only: it builds the server.
func TestConnectXBuilds(t *testing.T) {
	longtest.Skip(t, "builds and tests the server at five in a row")
	overlay := filepath.Join(t.TempDir(), "overlay.json")
	if err := run(options{width: 7, height: 6, k: 5, pkg: "board", out: "../engine/board", overlay: overlay}); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("go", "test", "-count=1", "-short", "-overlay", overlay, "-run", "^TestConnectX|^TestParse|^TestCheckFor", "-v",
		"../internal/server", "../internal/connectx").CombinedOutput()
	if err != nil {
		t.Fatalf("go test -overlay (7×6, 5 in a row) ../internal/server ../internal/connectx: %v\n%s", err, out)
	}
	for _, want := range []string{"--- PASS: TestConnectXFiveInARow", "--- PASS: TestCheckForNamesTheTarget"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("7×6, 5 in a row: no %q:\n%s", want, out)
		}
	}
}
