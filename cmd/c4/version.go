package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"runtime/debug"

	"github.com/fourgen/fourgen/internal/buildinfo"
)

var versionHelp = helpText("version")

// version is the release's version, set by the release build
// (-ldflags "-X main.version=v0.1.0"); when empty the module version recorded
// by the go command is printed.
var version string

// runVersion prints the version recorded in the binary's build information.
func runVersion(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("version", flag.ContinueOnError)
	want := fs.String("board", "", "fail, printing nothing, unless this c4 is the build `WxH` or `WxH-kK` (as make c4 SIZE=WxH K=k names bin/c4-NAME)")
	if err := parseFlags(fs, args, stdout); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageErrorf("version", "want no arguments, got %q", fs.Args())
	}
	if *want != "" {
		return buildinfo.CheckBoard(*want)
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return fmt.Errorf("version: the binary carries no build information")
	}
	_, err := io.WriteString(stdout, buildinfo.Describe(info, version))
	return err
}
