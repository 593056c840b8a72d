package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"runtime/debug"

	"github.com/fourgen/fourgen/internal/buildinfo"
)

const versionHelp = `Version prints what this build of c4 is: the module version, the VCS
commit it was built from with the commit's date and whether the checkout had
uncommitted changes, the Go version and platform, and the size of the board
it plays.

  c4 vVERSION
  commit REVISION (DATE[, modified])
  GOVERSION GOOS/GOARCH
  board WIDTH×HEIGHT

Any go build or go install in a git clone records the commit, unless
-buildvcs=false is set, as in some development setups (make build and the
releases pass -buildvcs=true), or the checkout is a linked git worktree,
which the go command does not stamp. A release sets the version it was
tagged with.
`

// version is the release's version, set by the release build
// (-ldflags "-X main.version=v0.1.0"); when empty the module version recorded
// by the go command is printed.
var version string

// runVersion prints the version recorded in the binary's build information.
func runVersion(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("version", flag.ContinueOnError)
	if err := parseFlags(fs, args, stdout); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageErrorf("version", "want no arguments, got %q", fs.Args())
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return fmt.Errorf("version: the binary carries no build information")
	}
	_, err := io.WriteString(stdout, buildinfo.Describe(info, version))
	return err
}
