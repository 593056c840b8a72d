package buildinfo

import (
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/fourgen/fourgen/engine/board"
)

// Version is the version of the build: release when not empty (a
// release's, set at link time), else the module version the go command
// recorded ("v0.1.0" on a tagged commit, a pseudo-version elsewhere,
// "(devel)" without VCS information), else "(unknown)". It is the first
// line of [Describe] after "c4 ", and the version of the Python package's
// library (cmd/libfourgen).
func Version(info *debug.BuildInfo, release string) string {
	v := release
	if v == "" {
		v = info.Main.Version
	}
	if v == "" {
		v = "(unknown)"
	}
	return v
}

// Describe describes the build info of a binary, one line each:
//
//	c4 VERSION
//	commit REVISION (DATE[, modified])
//	GOVERSION GOOS/GOARCH
//	board WIDTH×HEIGHT
//	rule four in a row (or "K in a row", a build of make c4 K=K)
//
// with release as its version when not empty (a release's, set at link
// time), else the module version the go command recorded.
func Describe(info *debug.BuildInfo, release string) string {
	settings := map[string]string{}
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	var b strings.Builder
	fmt.Fprintf(&b, "c4 %s\n", Version(info, release))
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
	fmt.Fprintf(&b, "\nboard %d×%d\nrule %s\n", board.Width, board.Height, board.Rule())
	return b.String()
}

// CheckBoard refuses a board size (WxH, as make c4 SIZE=WxH names it)
// other than the build's, naming the make command that builds one for it:
// the check of c4 version --board, which job scripts run before their work.
func CheckBoard(size string) error {
	if size == fmt.Sprintf("%dx%d", board.Width, board.Height) {
		return nil
	}
	return fmt.Errorf("this c4 plays the %d×%d board, not %s: build one with make c4 SIZE=%s (bin/c4-%s)", board.Width, board.Height, size, size, size)
}
