// Command wasmjump rewrites a WebAssembly module built by Go so that its
// forward jumps branch directly instead of through each function's
// dispatch loop (see package internal/wasmbranch). make wasm runs it on
// the engine of the static page and the npm package.
//
// Usage:
//
//	wasmjump [-o OUT] MODULE         rewrite MODULE (in place without -o)
//	wasmjump -exec MODULE [ARGS...]  rewrite a copy and run it with go_js_wasm_exec
//
// The second form is for go test -exec: GOOS=js GOARCH=wasm go test
// -exec "$PWD/bin/wasmjump -exec" ./engine runs the tests on the module as
// make wasm ships it.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/fourgen/fourgen/internal/atomicfile"
	"github.com/fourgen/fourgen/internal/wasmbranch"
)

func main() {
	err := run(os.Args[1:], os.Stderr)
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		os.Exit(exit.ExitCode())
	case errors.Is(err, flag.ErrHelp):
		os.Exit(0)
	case errors.Is(err, errUsage):
		os.Exit(2)
	case err != nil:
		fmt.Fprintln(os.Stderr, "wasmjump:", err)
		os.Exit(1)
	}
}

var errUsage = errors.New("usage")

const usage = `usage: wasmjump [-o OUT] MODULE         rewrite MODULE (in place without -o)
       wasmjump -exec MODULE [ARGS...]  rewrite a copy and run it with go_js_wasm_exec
`

// run does what the command line args asks, printing to stderr.
func run(args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("wasmjump", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, usage) }
	out := fs.String("o", "", "write the rewritten module to `OUT` instead of MODULE")
	execute := fs.Bool("exec", false, "rewrite a temporary copy of MODULE and run it with go_js_wasm_exec, passing ARGS")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return errUsage
	}
	if fs.NArg() < 1 || !*execute && fs.NArg() > 1 || *execute && *out != "" {
		fs.Usage()
		return errUsage
	}
	in := fs.Arg(0)
	module, stats, err := rewriteFile(in)
	if err != nil {
		return err
	}
	if *execute {
		return runModule(module, fs.Args()[1:])
	}
	if *out == "" {
		*out = in
	}
	if err := atomicfile.WriteFile(*out, module, 0o644); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "wasmjump: %s: %d of %d jumps made direct in %d functions (%d left as they were)\n",
		*out, stats.Direct, stats.Jumps, stats.Functions, stats.Skipped)
	return nil
}

// rewriteFile reads the module at path (wasmbranch.ReadModule) and
// rewrites it.
func rewriteFile(path string) ([]byte, wasmbranch.Stats, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, wasmbranch.Stats{}, err
	}
	defer f.Close()
	module, err := wasmbranch.ReadModule(f)
	if err != nil {
		return nil, wasmbranch.Stats{}, fmt.Errorf("%s: %w", path, err)
	}
	rewritten, stats, err := wasmbranch.Rewrite(module)
	if err != nil {
		return nil, stats, fmt.Errorf("%s: %w", path, err)
	}
	return rewritten, stats, nil
}

// runModule writes module to a temporary file and runs it with
// go_js_wasm_exec (from PATH, or from the Go toolchain's lib/wasm), with
// this process's standard streams; a failed run's error is its
// *exec.ExitError.
func runModule(module []byte, args []string) error {
	runner, err := wasmRunner()
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp("", "wasmjump-*.wasm")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(module); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	cmd := exec.Command(runner, append([]string{tmp.Name()}, args...)...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	return cmd.Run()
}

// wasmRunner finds go_js_wasm_exec.
func wasmRunner() (string, error) {
	const name = "go_js_wasm_exec"
	if path, err := exec.LookPath(name); err == nil {
		return path, nil
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return "", fmt.Errorf("no %s on PATH and no go command to find it: %w", name, err)
	}
	path := filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", name)
	if _, err := os.Stat(path); err != nil {
		return "", fmt.Errorf("no %s on PATH nor in the Go toolchain: %w", name, err)
	}
	return path, nil
}
