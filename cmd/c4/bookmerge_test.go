package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine/board"
)

// TestBookMergeDiskFull runs c4 book merge with a file size limit smaller
// than the book (as a full disk stops a write midway) over an existing
// book, and checks that the old book is left whole and no temporary file
// behind.
func TestBookMergeDiskFull(t *testing.T) {
	if testing.Short() {
		t.Skip("builds c4")
	}
	refSkips.Classic(t, board.Width, board.Height, board.InARow) // the positions are of the classic board
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skipf("no sh to set a file size limit with: %v", err)
	}
	bin := buildC4(t)
	dir := t.TempDir()
	out := fakeBook(t, dir, "", 5, func(board.Position) int { return 1 })
	old, err := os.ReadFile(out)
	if err != nil || len(old) < 4096 {
		t.Fatalf("the old book has %d bytes (%v), want more than the limit's 1024", len(old), err)
	}
	other := fakeShard(t, dir, "", 5, func(board.Position) int { return -1 })
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
	refSkips.Classic(t, board.Width, board.Height, board.InARow) // the positions are of the classic board
	dir := t.TempDir()
	shard := fakeShard(t, dir, "6767666", 8, func(board.Position) int { return 0 })
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

// editScore rewrites the score, the second field, of line n (from 1) of a
// shard file to score, keeping the rest of the line.
func editScore(t *testing.T, path string, n int, score string) (key string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	fields := strings.Fields(lines[n-1])
	fields[1] = score
	lines[n-1] = strings.Join(fields, " ")
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	return fields[0]
}

// TestBookMergeEditedScore edits one score of a shard file, a plausible
// value in range, and checks that c4 book merge refuses the shard, naming
// the file and line, instead of making the edit the book's answer.
func TestBookMergeEditedScore(t *testing.T) {
	refSkips.Classic(t, board.Width, board.Height, board.InARow) // the positions are of the classic board
	dir := t.TempDir()
	shard := fakeShard(t, dir, "6767666", 8, func(board.Position) int { return 2 })
	key := editScore(t, shard, 2, "7")
	out := filepath.Join(dir, "edited.fgb")
	code, _, stderr := runC4(context.Background(), "book", "merge", "--out", out, shard)
	want := "c4: book merge: " + shard + `:2: record "` + key + ` 7" fails its checksum: the line, or the file's first line, was edited or corrupted`
	if code != 1 || !strings.Contains(stderr, want) {
		t.Errorf("merging an edited shard: exit %d, stderr %q; want 1 and %q", code, stderr, want)
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("the refused merge wrote %s", out)
	}
}

// TestBookMergeLegacy checks that c4 book merge --legacy merges a legacy
// v1 shard, without checksums, to the book of its v2 twin, and says so.
func TestBookMergeLegacy(t *testing.T) {
	dir, shard, data := mixedShard(t)
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	lines[0] = strings.Replace(strings.Replace(lines[0], " v2 ", " v1 ", 1), " run="+testRunID, "", 1)
	for i := 1; i < len(lines); i++ {
		lines[i] = strings.Join(strings.Fields(lines[i])[:2], " ")
	}
	legacy := writeBytes(t, dir, "legacy.shard", []byte(strings.Join(lines, "\n")+"\n"))
	v2Book, legacyBook := filepath.Join(dir, "v2.fgb"), filepath.Join(dir, "legacy.fgb")
	if code, _, stderr := runC4(context.Background(), "book", "merge", "--out", v2Book, shard); code != 0 {
		t.Fatalf("c4 book merge: %s", stderr)
	}
	code, stdout, stderr := runC4(context.Background(), "book", "merge", "--legacy", "--out", legacyBook, legacy)
	if code != 0 || !strings.Contains(stdout, legacyBook+": 1 of the 1 shard files are legacy v1 files, whose records carry no checksums") {
		t.Fatalf("c4 book merge --legacy: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	a, _ := os.ReadFile(v2Book)
	b, _ := os.ReadFile(legacyBook)
	if len(a) == 0 || !bytes.Equal(a, b) {
		t.Errorf("the legacy shard merges to %d bytes, its v2 twin to %d: want the same book", len(b), len(a))
	}
}
