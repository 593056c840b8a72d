package buildinfo

import (
	"fmt"
	"runtime/debug"
	"testing"

	"github.com/fourgen/fourgen/engine/board"
)

// TestDescribe checks what c4 version prints for the build information
// of a release, of a go build of a checkout, and of a build without VCS
// information.
func TestDescribe(t *testing.T) {
	board := fmt.Sprintf("board %d×%d\nrule %s\n", board.Width, board.Height, board.Rule())
	settings := func(kv ...string) []debug.BuildSetting {
		var s []debug.BuildSetting
		for i := 0; i < len(kv); i += 2 {
			s = append(s, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return s
	}
	const rev = "0123456789abcdef0123456789abcdef01234567"
	for _, tc := range []struct {
		name    string
		info    debug.BuildInfo
		release string
		want    string
	}{
		{
			name: "release",
			info: debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v0.1.0"},
				Settings: settings("GOOS", "linux", "GOARCH", "arm64", "vcs.revision", rev, "vcs.time", "2026-12-01T08:00:00Z", "vcs.modified", "false")},
			release: "v0.1.0",
			want:    "c4 v0.1.0\ncommit " + rev + " (2026-12-01T08:00:00Z)\ngo1.26.8 linux/arm64\n" + board,
		},
		{
			name: "checkout with changes",
			info: debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v0.0.0-20261201080000-0123456789ab+dirty"},
				Settings: settings("GOOS", "darwin", "GOARCH", "amd64", "vcs.revision", rev, "vcs.time", "2026-12-01T08:00:00Z", "vcs.modified", "true")},
			want: "c4 v0.0.0-20261201080000-0123456789ab+dirty\ncommit " + rev + " (2026-12-01T08:00:00Z, modified)\ngo1.26.8 darwin/amd64\n" + board,
		},
		{
			name:    "release version overrides the module's",
			info:    debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}},
			release: "v0.2.0",
			want:    "c4 v0.2.0\ncommit unknown (built without VCS information)\ngo1.26.8\n" + board,
		},
		{
			name: "no VCS information",
			info: debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"},
				Settings: settings("GOOS", "windows", "GOARCH", "amd64", "-buildvcs", "false")},
			want: "c4 (devel)\ncommit unknown (built without VCS information)\ngo1.26.8 windows/amd64\n" + board,
		},
		{
			name: "revision without a date",
			info: debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"},
				Settings: settings("vcs.revision", rev)},
			want: "c4 (devel)\ncommit " + rev + " (date unknown)\ngo1.26.8\n" + board,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Describe(&tc.info, tc.release); got != tc.want {
				t.Errorf("Describe =\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}
