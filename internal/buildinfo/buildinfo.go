package buildinfo

import (
	"errors"
	"fmt"
	"runtime/debug"
	"strconv"
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

// CheckBoard refuses a build name (WxH, or WxH-kK for k in a row, as make
// c4 SIZE=WxH K=k names bin/c4-NAME) other than the build's, naming the
// make command that builds one for it: the check of c4 version --board,
// which job scripts run before their work.
func CheckBoard(name string) error {
	if name == buildName(board.Width, board.Height, board.InARow) {
		return nil
	}
	var w, h, k int
	size, kText, hasK := strings.Cut(name, "-k")
	_, err := fmt.Sscanf(size, "%dx%d", &w, &h)
	if k = 4; hasK {
		k, err = strconv.Atoi(kText)
		if err == nil && k == 4 {
			err = errors.New("four in a row is named without -k4")
		}
	}
	if err != nil || buildName(w, h, k) != name {
		return fmt.Errorf("this c4 plays the %d×%d board, %s, not %q: want WxH, or WxH-kK for k in a row, as make c4 SIZE=WxH K=k names bin/c4-NAME", board.Width, board.Height, board.Rule(), name)
	}
	rule := ""
	if k != 4 || board.InARow != 4 {
		rule = ", " + board.Rule()
	}
	return fmt.Errorf("this c4 plays the %d×%d board%s, not %s: build one with %s (bin/c4-%s)", board.Width, board.Height, rule, name, board.BuildCommand(w, h, k), name)
}

// buildName is the name make c4 gives the build of a w×h board of k in a
// row: "7x6", "7x6-k5".
func buildName(w, h, k int) string {
	if k == 4 {
		return fmt.Sprintf("%dx%d", w, h)
	}
	return fmt.Sprintf("%dx%d-k%d", w, h, k)
}
