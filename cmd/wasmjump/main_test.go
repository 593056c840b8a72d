package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/internal/tooltest"
)

// tiny is a module of one function of Go's shape with one jump forward
// (the package's own example module).
const tiny = "../../internal/wasmbranch/testdata/tiny.wasm"

func TestRun(t *testing.T) {
	module, err := os.ReadFile(tiny)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "in.wasm")
	junk := filepath.Join(dir, "junk.wasm")
	os.WriteFile(in, module, 0o644)
	os.WriteFile(junk, []byte("\x00asm\x01\x00\x00\x00\x0a\xff"), 0o644)
	tests := []struct {
		name   string
		args   []string
		err    error
		stderr string
	}{
		{"to another file", []string{"-o", filepath.Join(dir, "out.wasm"), in}, nil, "1 of 1 jumps made direct in 1 functions"},
		{"in place", []string{in}, nil, "1 of 1 jumps made direct"},
		{"in place again: nothing left to do", []string{in}, nil, "0 of 0 jumps made direct"},
		{"no module", nil, errUsage, "usage: wasmjump"},
		{"two modules", []string{in, in}, errUsage, "usage: wasmjump"},
		{"-o with -exec", []string{"-exec", "-o", "x", in}, errUsage, "usage: wasmjump"},
		{"an unknown flag", []string{"-O2", in}, errUsage, "flag provided but not defined: -O2"},
		{"a missing file", []string{filepath.Join(dir, "none.wasm")}, os.ErrNotExist, ""},
		{"not a module", []string{"main.go"}, nil, ""},
		{"a truncated module", []string{junk}, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stderr bytes.Buffer
			err := run(tt.args, &stderr)
			switch {
			case tt.err != nil && !errors.Is(err, tt.err):
				t.Errorf("run(%q) = %v, want %v", tt.args, err, tt.err)
			case tt.err == nil && tt.stderr != "" && err != nil:
				t.Errorf("run(%q) = %v", tt.args, err)
			case tt.err == nil && tt.stderr == "" && err == nil:
				t.Errorf("run(%q) took a bad module", tt.args)
			}
			if !strings.Contains(stderr.String(), tt.stderr) {
				t.Errorf("run(%q) printed %q, want %q", tt.args, stderr.String(), tt.stderr)
			}
		})
	}
	out, err := os.ReadFile(filepath.Join(dir, "out.wasm"))
	if err != nil || len(out) >= len(module) {
		t.Errorf("out.wasm: %d bytes (%v), want fewer than the %d of the module", len(out), err, len(module))
	}
	if after, _ := os.ReadFile(junk); string(after) != "\x00asm\x01\x00\x00\x00\x0a\xff" {
		t.Errorf("a refused module was overwritten: % x", after)
	}
}

// TestExec runs a Go program built for js/wasm through -exec, as go test
// -exec does: its output and exit code come through. It skips without
// Node or the go command.
func TestExec(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a Go program for js/wasm")
	}
	tooltest.LookPath(t, "node", "apt-get install nodejs")
	tooltest.LookPath(t, "go", "install Go")
	dir := t.TempDir()
	src := filepath.Join(dir, "main.go")
	os.WriteFile(src, []byte(`package main

import (
	"fmt"
	"os"
)

func main() {
	sum := 0
	for _, a := range os.Args[1:] {
		if len(a) > 2 {
			sum += len(a)
		} else {
			sum--
		}
	}
	fmt.Println("sum", sum)
	os.Exit(sum % 7)
}
`), 0o644)
	prog := filepath.Join(dir, "prog")
	build := exec.Command("go", "build", "-o", prog, src)
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(self, "-exec", prog, "abcd", "x", "hello")
	cmd.Env = append(os.Environ(), "WASMJUMP_TEST_MAIN=1")
	out, err := cmd.Output()
	exit, ok := err.(*exec.ExitError)
	if !ok || exit.ExitCode() != 8%7 || string(out) != "sum 8\n" {
		t.Errorf("wasmjump -exec printed %q and ended with %v, want %q and exit code 1", out, err, "sum 8\n")
	}
}

// TestMain runs the command itself when TestExec starts this test binary
// as it.
func TestMain(m *testing.M) {
	if os.Getenv("WASMJUMP_TEST_MAIN") == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}
