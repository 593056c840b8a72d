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
	cmd := exec.Command(sh, "-c", `ulimit -f 1 && exec "$@"`, "sh", bin, "book", "merge", "--out", out, other)
	msg, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("c4 book merge succeeded past a 1 KiB file size limit:\n%s", msg)
	}
	if !strings.Contains(string(msg), out) {
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
