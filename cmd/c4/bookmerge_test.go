package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine"
)

// TestBookMergeDiskFull runs c4 book merge with a file size limit smaller
// than the book (as a full disk stops a write midway) over an existing
// book, and checks that the old book is left whole and no temporary file
// behind.
func TestBookMergeDiskFull(t *testing.T) {
	if testing.Short() {
		t.Skip("builds c4")
	}
	refSkips.Classic(t, engine.Width, engine.Height) // the positions are of the classic board
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skipf("no sh to set a file size limit with: %v", err)
	}
	bin := buildC4(t)
	dir := t.TempDir()
	out := fakeBook(t, dir, "", 5, func(engine.Position) int { return 1 })
	old, err := os.ReadFile(out)
	if err != nil || len(old) < 4096 {
		t.Fatalf("the old book has %d bytes (%v), want more than the limit's 1024", len(old), err)
	}
	other := fakeShard(t, dir, "", 5, func(engine.Position) int { return -1 })
	cmd := exec.Command(sh, "-c", `ulimit -f 1 && exec "$@"`, "sh", bin, "book", "merge", "--force", "--out", out, other)
	msg, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("c4 book merge succeeded past a 1 KiB file size limit:\n%s", msg)
	}
	if !strings.Contains(string(msg), "c4: book merge: write "+out) {
		t.Errorf("the error does not name %s:\n%s", out, msg)
	}
	if got, _ := os.ReadFile(out); !bytes.Equal(got, old) {
		t.Errorf("the failed merge left %d bytes in %s, want the old book's %d", len(got), out, len(old))
	}
	if tmp, _ := filepath.Glob(out + ".tmp*"); len(tmp) > 0 {
		t.Errorf("temporary files left behind: %q", tmp)
	}
	if code, _, stderr := runC4(context.Background(), "book", "info", out); code != 0 {
		t.Errorf("c4 book info of the old book: %s", stderr)
	}
}

// TestBookMergeOut checks what c4 book merge accepts as its output: a new
// file; an existing one only with --force; never one of its own shard
// files, however it is named (another spelling of the path, a symbolic
// or hard link), and on refusal every file is left as it was.
func TestBookMergeOut(t *testing.T) {
	refSkips.Classic(t, engine.Width, engine.Height) // the positions are of the classic board
	dir := t.TempDir()
	shard := fakeShard(t, dir, "6767666", 8, func(engine.Position) int { return 0 })
	other := writeBytes(t, dir, "other.fgb", []byte("not a book yet"))
	symlink, hardlink := filepath.Join(dir, "symlink.fgb"), filepath.Join(dir, "hardlink.fgb")
	if err := os.Symlink(shard, symlink); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	if err := os.Link(shard, hardlink); err != nil {
		t.Skipf("no hard links here: %v", err)
	}
	respelled := filepath.Join(dir, "sub", "..", filepath.Base(shard))
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		out    string
		force  bool
		code   int
		stderr string
	}{
		{"new file", filepath.Join(dir, "new.fgb"), false, 0, ""},
		{"existing", other, false, 1, "c4: book merge: " + other + " exists: give --force to replace it"},
		{"existing, forced", other, true, 0, ""},
		{"the shard", shard, false, 1, "c4: book merge: --out " + shard + " is the shard file " + shard + ": a merge never replaces its input"},
		{"the shard, forced", shard, true, 1, "is the shard file " + shard},
		{"another spelling", respelled, true, 1, "is the shard file " + shard},
		{"a symbolic link to the shard", symlink, true, 1, "--out " + symlink + " is the shard file " + shard},
		{"a hard link to the shard", hardlink, true, 1, "--out " + hardlink + " is the shard file " + shard},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before, _ := os.ReadFile(shard)
			args := []string{"book", "merge", "--out", tc.out, shard}
			if tc.force {
				args = append(args[:2], append([]string{"--force"}, args[2:]...)...)
			}
			code, _, stderr := runC4(context.Background(), args...)
			if code != tc.code || !strings.Contains(stderr, tc.stderr) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, stderr, tc.code, tc.stderr)
			}
			if after, _ := os.ReadFile(shard); !bytes.Equal(after, before) {
				t.Errorf("the shard file changed: %d bytes, were %d", len(after), len(before))
			}
			if info, err := os.Lstat(symlink); err != nil || info.Mode()&os.ModeSymlink == 0 {
				t.Errorf("the symbolic link is gone or replaced (%v)", err)
			}
			if code == 0 {
				if code, _, stderr := runC4(context.Background(), "book", "info", tc.out); code != 0 {
					t.Errorf("the merged book: %s", stderr)
				}
			}
		})
	}
	if got, _ := os.ReadFile(other); string(got) == "not a book yet" {
		t.Errorf("--force did not replace %s", other)
	}
}
