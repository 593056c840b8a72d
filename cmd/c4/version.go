package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"runtime/debug"

	"github.com/fourgen/fourgen/engine"
)

const versionHelp = `Version prints the module version of this build of c4, the VCS revision it
was built from when the build recorded one, the Go version and the size of
the board it plays ("board WIDTH×HEIGHT").
`

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
	fmt.Fprintf(stdout, "c4 %s", info.Main.Version)
	var rev, modified string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value
		}
	}
	if rev != "" {
		fmt.Fprintf(stdout, " %s", rev)
		if modified == "true" {
			fmt.Fprint(stdout, " (modified)")
		}
	}
	fmt.Fprintf(stdout, " %s board %d×%d\n", info.GoVersion, engine.Width, engine.Height)
	return nil
}
