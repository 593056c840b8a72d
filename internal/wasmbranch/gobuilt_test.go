package wasmbranch

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/internal/tooltest"
)

// TestGoProgram builds testdata/branchy for js/wasm, rewrites it, and
// runs both modules under Node: they must print the same, and most jumps
// must have been made direct. It skips without the go command or Node.
func TestGoProgram(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a Go program for js/wasm")
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		tooltest.Missing(t, fmt.Sprintf("no go command: %v", err), "install Go")
	}
	runner := filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec_node.js")
	tooltest.LookPath(t, "node", "apt-get install nodejs")
	dir := t.TempDir()
	plain := filepath.Join(dir, "plain.wasm")
	build := exec.Command("go", "build", "-o", plain, "./testdata/branchy")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("GOOS=js GOARCH=wasm go build: %v\n%s", err, out)
	}
	module, err := os.ReadFile(plain)
	if err != nil {
		t.Fatal(err)
	}
	rewritten, st, err := Rewrite(module)
	if err != nil {
		t.Fatal(err)
	}
	if st.Skipped != 0 || st.Direct*10 < st.Jumps*8 {
		t.Errorf("stats %+v: want every body read and at least 80%% of the jumps direct", st)
	}
	direct := filepath.Join(dir, "direct.wasm")
	if err := os.WriteFile(direct, rewritten, 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(path string) []byte {
		out, err := exec.Command("node", runner, path).CombinedOutput()
		if err != nil {
			t.Fatalf("node %s: %v\n%s", filepath.Base(path), err, out)
		}
		return out
	}
	want, got := run(plain), run(direct)
	if !bytes.Equal(got, want) {
		t.Errorf("the rewritten module printed\n%s\nthe module as built\n%s", got, want)
	}
	if !bytes.Contains(want, []byte("pipeline")) {
		t.Errorf("the program printed no pipeline line:\n%s", want)
	}
	again, st2, err := Rewrite(rewritten)
	if err != nil || !bytes.Equal(again, rewritten) || st2.Direct != 0 {
		t.Errorf("a second rewrite changed the module (%+v, %v)", st2, err)
	}
}
