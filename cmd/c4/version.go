package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"runtime/debug"
	"strings"

	"github.com/fourgen/fourgen/board"
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
	_, err := io.WriteString(stdout, versionText(info, version))
	return err
}

// versionText describes the build info of a binary, with release as its
// version when not empty.
func versionText(info *debug.BuildInfo, release string) string {
	settings := map[string]string{}
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	v := release
	if v == "" {
		v = info.Main.Version
	}
	if v == "" {
		v = "(unknown)"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "c4 %s\n", v)
	if rev := settings["vcs.revision"]; rev != "" {
		when := settings["vcs.time"]
		if when == "" {
			when = "date unknown"
		}
		if settings["vcs.modified"] == "true" {
			when += ", modified"
		}
		fmt.Fprintf(&b, "commit %s (%s)\n", rev, when)
	} else {
		b.WriteString("commit unknown (built without VCS information)\n")
	}
	b.WriteString(info.GoVersion)
	if goos, goarch := settings["GOOS"], settings["GOARCH"]; goos != "" && goarch != "" {
		fmt.Fprintf(&b, " %s/%s", goos, goarch)
	}
	fmt.Fprintf(&b, "\nboard %d×%d\n", board.Width, board.Height)
	return b.String()
}
