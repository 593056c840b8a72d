package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine/board"
)

// TestVersionStamp builds c4 as a user's go build does (GOFLAGS=-buildvcs=true,
// whatever the go env says) from a git repository made of this checkout's
// files, and checks that c4 version names its commit and the commit's date,
// says when the tree has uncommitted changes, and prints the module version
// the go command derives: a pseudo-version from the commit, or the tag's
// version. (A copy rather than this checkout: the go command does not stamp
// builds in a linked git worktree, golang/go#58218.)
func TestVersionStamp(t *testing.T) {
	if testing.Short() {
		t.Skip("builds c4 three times (go build): skipped with -short")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git on the PATH")
	}
	dir := t.TempDir()
	copyCheckout(t, dir)
	const date = "2026-01-02T03:04:05Z"
	git := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "user.name=fourgen test", "-c", "user.email=test@example.org", "-c", "commit.gpgsign=false", "-c", "tag.gpgsign=false"}, args...)...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_DATE="+date, "GIT_COMMITTER_DATE="+date)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return strings.TrimSpace(string(out))
	}
	git("init", "--quiet")
	git("add", "-A")
	git("commit", "--quiet", "-m", "copy of the checkout under test")
	rev := git("rev-parse", "HEAD")
	pseudo := "v0.0.0-20260102030405-" + rev[:12]
	rule := "rule " + board.Rule() + "\n"
	board := fmt.Sprintf("board %d×%d\n", board.Width, board.Height)

	for _, step := range []struct {
		name    string
		prepare func()
		version string
		commit  string
	}{
		{"clean commit", func() {}, pseudo, "commit " + rev + " (" + date + ")"},
		{"tagged commit", func() { git("tag", "v0.1.0") }, "v0.1.0", "commit " + rev + " (" + date + ")"},
		{"uncommitted change", func() {
			if err := os.WriteFile(filepath.Join(dir, "NOTES"), []byte("not committed\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}, "v0.1.0+dirty", "commit " + rev + " (" + date + ", modified)"},
	} {
		step.prepare()
		got := buildVersion(t, dir)
		lines := strings.SplitAfter(got, "\n")
		if len(lines) != 6 || lines[0] != "c4 "+step.version+"\n" || lines[1] != step.commit+"\n" || lines[3] != board || lines[4] != rule {
			t.Errorf("%s: c4 version printed\n%s\nwant c4 %s, %s, %s", step.name, got, step.version, step.commit, board)
		}
	}
}

// copyCheckout copies this checkout's files that git would commit (tracked,
// and untracked but not ignored) into dir.
func copyCheckout(t *testing.T, dir string) {
	t.Helper()
	root, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		t.Skipf("not in a git checkout: %v", err)
	}
	top := strings.TrimSpace(string(root))
	list := exec.Command("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	list.Dir = top
	out, err := list.Output()
	if err != nil {
		t.Fatalf("git ls-files: %v", err)
	}
	for _, name := range strings.Split(strings.TrimRight(string(out), "\x00"), "\x00") {
		data, err := os.ReadFile(filepath.Join(top, name))
		if os.IsNotExist(err) {
			continue // deleted but not yet committed
		}
		if err != nil {
			t.Fatal(err)
		}
		to := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(to, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// buildVersion builds ./cmd/c4 in dir with VCS stamping on and returns what
// its c4 version prints. Without -trimpath (the release's flag, which
// leaves the stamp as it is): the copy's own packages compile anew in their
// temporary directory (3 s), but the standard library and the modules come
// from the cache of every other build, where -trimpath compiled all of them
// again on CI's fresh cache (34 s, measured 2026-12-04).
func buildVersion(t *testing.T, dir string) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "c4")
	build := exec.Command("go", "build", "-o", bin, "./cmd/c4")
	build.Dir = dir
	build.Env = append(os.Environ(), "GOFLAGS=-buildvcs=true")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err := exec.Command(bin, "version").Output()
	if err != nil {
		t.Fatalf("c4 version: %v", err)
	}
	return string(out)
}

// TestVersionBoard checks c4 version --board, the job scripts' check of
// the board: silent for this c4's size, a failure naming the size and the
// command that builds a c4 for it otherwise.
func TestVersionBoard(t *testing.T) {
	size := fmt.Sprintf("%dx%d", board.Width, board.Height)
	own, otherRule, k := size, fmt.Sprintf("%s-k%d", size, board.InARow+1), board.InARow+1
	if board.InARow != 4 {
		own = fmt.Sprintf("%s-k%d", size, board.InARow)
	}
	if k == 4 {
		otherRule = size
	}
	other := fmt.Sprintf("%dx%d", board.Width+1, board.Height)
	wantOther := fmt.Sprintf("c4: this c4 plays the %d×%d board, not %s: build one with make c4 SIZE=%s (bin/c4-%s)\n", board.Width, board.Height, other, other, other)
	if board.InARow != 4 {
		wantOther = fmt.Sprintf("c4: this c4 plays the %d×%d board, %s, not %s: build one with make c4 SIZE=%s (bin/c4-%s)\n", board.Width, board.Height, board.Rule(), other, other, other)
	}
	for _, tc := range []struct {
		size   string
		code   int
		stderr string
	}{
		{own, 0, ""},
		{other, 1, wantOther},
		{otherRule, 1, fmt.Sprintf("c4: this c4 plays the %d×%d board, %s, not %s: build one with %s (bin/c4-%s)\n", board.Width, board.Height, board.Rule(), otherRule, board.BuildCommand(board.Width, board.Height, k), otherRule)},
		{"7×6", 1, "not \"7×6\": want WxH, or WxH-kK"},
		{size + "-k4", 1, "want WxH, or WxH-kK"},
		{size + "-kfive", 1, "want WxH, or WxH-kK"},
		{size + "x", 1, "want WxH, or WxH-kK"},
	} {
		code, stdout, stderr := runC4(t.Context(), "version", "--board", tc.size)
		if code != tc.code || stdout != "" || !strings.Contains(stderr, tc.stderr) || tc.stderr == "" && stderr != "" {
			t.Errorf("c4 version --board %s: exit %d, stdout %q, stderr %q; want exit %d, no stdout, stderr with %q", tc.size, code, stdout, stderr, tc.code, tc.stderr)
		}
	}
}
