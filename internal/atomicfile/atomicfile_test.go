package atomicfile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// leftovers lists the temporary files left in dir.
func leftovers(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var tmp []string
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp") {
			tmp = append(tmp, e.Name())
		}
	}
	return tmp
}

var errDiskFull = errors.New("no space left on device (simulated)")

// TestWrite checks that Write replaces the file whole, and that a write
// or a rename that fails leaves the old file as it was and no temporary
// file behind.
func TestWrite(t *testing.T) {
	for _, tc := range []struct {
		name  string
		setup func(t *testing.T, path string) // what is at path before
		write func(io.Writer) error
		want  string // the file at path afterwards; "" for none or a directory
		err   string // a substring of the error, "" for none
	}{
		{"new file", nil, writeString("new book"), "new book", ""},
		{"replace", oldFile("old book"), writeString("new book"), "new book", ""},
		{"empty", oldFile("old book"), writeString(""), "", ""},
		{"write fails midway", oldFile("old book"), func(w io.Writer) error {
			io.WriteString(w, "new b")
			return errDiskFull
		}, "old book", "no space left"},
		{"write fails at once", oldFile("old book"), func(io.Writer) error { return errDiskFull }, "old book", "no space left"},
		{"rename fails", func(t *testing.T, path string) { // a non-empty directory cannot be replaced
			if err := os.MkdirAll(filepath.Join(path, "inside"), 0o755); err != nil {
				t.Fatal(err)
			}
		}, writeString("new book"), "", "write "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "book.fgb")
			if tc.setup != nil {
				tc.setup(t, path)
			}
			err := Write(path, 0o644, tc.write)
			if tc.err == "" && err != nil || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
				t.Fatalf("Write = %v, want an error saying %q", err, tc.err)
			}
			if tc.err != "" && !strings.Contains(err.Error(), path) {
				t.Errorf("the error %q does not name %s", err, path)
			}
			if info, err := os.Stat(path); err == nil && !info.IsDir() || tc.want != "" {
				if got, err := os.ReadFile(path); err != nil || string(got) != tc.want {
					t.Errorf("the file holds %q (%v), want %q", got, err, tc.want)
				}
			}
			if tmp := leftovers(t, dir); len(tmp) > 0 {
				t.Errorf("temporary files left behind: %q", tmp)
			}
		})
	}
}

func writeString(s string) func(io.Writer) error {
	return func(w io.Writer) error {
		_, err := io.WriteString(w, s)
		return err
	}
}

func oldFile(content string) func(t *testing.T, path string) {
	return func(t *testing.T, path string) {
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestWriteFile checks WriteFile's content and permissions, and that a
// destination in a missing directory is an error naming it.
func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name string
		path string
		perm fs.FileMode
		err  bool
	}{
		{"owner only", filepath.Join(dir, "a"), 0o600, false},
		{"readable", filepath.Join(dir, "b"), 0o644, false},
		{"missing directory", filepath.Join(dir, "missing", "c"), 0o644, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := WriteFile(tc.path, []byte("data"), tc.perm)
			if tc.err {
				if err == nil || !strings.Contains(err.Error(), tc.path) {
					t.Fatalf("WriteFile = %v, want an error naming %s", err, tc.path)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			info, err := os.Stat(tc.path)
			if err != nil {
				t.Fatal(err)
			}
			// The umask may take bits away from the group and others,
			// never from the owner, and never adds any.
			if mode := info.Mode().Perm(); mode&^tc.perm != 0 || mode&0o700 != tc.perm&0o700 {
				t.Errorf("mode %v, want %v less the umask", mode, tc.perm)
			}
		})
	}
	if tmp := leftovers(t, dir); len(tmp) > 0 {
		t.Errorf("temporary files left behind: %q", tmp)
	}
}

// TestFile checks a streamed File: nothing reaches the destination
// before Commit, Abort removes the temporary file and leaves the old one,
// and neither can be undone or repeated.
func TestFile(t *testing.T) {
	for _, tc := range []struct {
		name   string
		commit bool
		want   string
	}{
		{"committed", true, "streamed"},
		{"aborted", false, "old"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "out")
			oldFile("old")(t, path)
			f, err := create(path, 0o644)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := io.WriteString(f, "stream"); err != nil {
				t.Fatal(err)
			}
			io.WriteString(f, "ed")
			if got, _ := os.ReadFile(path); string(got) != "old" {
				t.Errorf("before the end the destination holds %q, want the old %q", got, "old")
			}
			if tc.commit {
				err = f.Commit()
			} else {
				err = f.Abort()
			}
			if err != nil {
				t.Fatal(err)
			}
			if got, _ := os.ReadFile(path); string(got) != tc.want {
				t.Errorf("the destination holds %q, want %q", got, tc.want)
			}
			if err := f.Abort(); err != nil {
				t.Errorf("a second Abort: %v, want nothing done", err)
			}
			if err := f.Commit(); !errors.Is(err, fs.ErrClosed) {
				t.Errorf("Commit after the end: %v, want fs.ErrClosed", err)
			}
			if _, err := f.Write([]byte("x")); !errors.Is(err, fs.ErrClosed) {
				t.Errorf("Write after the end: %v, want fs.ErrClosed", err)
			}
			if got, _ := os.ReadFile(path); string(got) != tc.want {
				t.Errorf("after the calls that must fail, the destination holds %q, want %q", got, tc.want)
			}
			if tmp := leftovers(t, dir); len(tmp) > 0 {
				t.Errorf("temporary files left behind: %q", tmp)
			}
		})
	}
}

// TestWriteSymlink checks that writing to a symbolic link replaces the
// link and leaves its target alone, as the package documents.
func TestWriteSymlink(t *testing.T) {
	dir := t.TempDir()
	target, link := filepath.Join(dir, "target"), filepath.Join(dir, "link")
	oldFile("target")(t, target)
	if err := os.Symlink(target, link); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	if err := WriteFile(link, []byte("new"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(target); string(got) != "target" {
		t.Errorf("the link's target changed to %q", got)
	}
	if info, err := os.Lstat(link); err != nil || !info.Mode().IsRegular() {
		t.Errorf("the link is now %v (%v), want a regular file", info.Mode(), err)
	}
	if got, _ := os.ReadFile(link); string(got) != "new" {
		t.Errorf("the destination holds %q, want %q", got, "new")
	}
}
