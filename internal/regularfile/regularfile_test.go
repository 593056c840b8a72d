package regularfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// plant puts something at path in dir, for TestOpenFile.
type plant func(t *testing.T, dir, path string)

func link(target string) plant {
	return func(t *testing.T, dir, path string) {
		if err := os.Symlink(filepath.Join(dir, target), path); err != nil {
			t.Skip("no symbolic links here:", err)
		}
	}
}

func directory(t *testing.T, _, path string) {
	if err := os.Mkdir(path, 0o755); err != nil {
		t.Fatal(err)
	}
}

func fifo(t *testing.T, _, path string) {
	if err := mkfifo(path); err != nil {
		t.Skip("no FIFOs here:", err)
	}
}

func regular(mode fs.FileMode) plant {
	return func(t *testing.T, _, path string) {
		if err := os.WriteFile(path, []byte("OLD"), mode); err != nil {
			t.Fatal(err)
		}
	}
}

// TestOpenFile checks, for each thing a path can name and each way of
// opening it for writing, that only a regular file (or nothing, with
// O_CREATE) is opened, and that anything else is refused with an error
// naming the path and leaves what a link points to as it was (an
// existing victim unchanged, a dangling link's target not made).
func TestOpenFile(t *testing.T) {
	const victim = "victim.txt"
	for _, tc := range []struct {
		name  string
		plant plant  // nil: nothing at the path
		kind  string // the refusal's Kind; "" if opened
	}{
		{"missing", nil, ""},
		{"regular", regular(0o644), ""},
		{"link to a file", link(victim), "a symbolic link"},
		{"dangling link", link("nowhere.txt"), "a symbolic link"},
		{"link to a directory", link("."), "a symbolic link"},
		{"directory", directory, "a directory"},
		{"fifo", fifo, "a named pipe (FIFO)"},
	} {
		for _, flag := range []int{os.O_RDWR | os.O_CREATE, os.O_WRONLY | os.O_CREATE | os.O_EXCL, os.O_RDONLY} {
			t.Run(tc.name+"/"+flagName(flag), func(t *testing.T) {
				dir := t.TempDir()
				if err := os.WriteFile(filepath.Join(dir, victim), []byte("VICTIM\n"), 0o644); err != nil {
					t.Fatal(err)
				}
				path := filepath.Join(dir, "out.jsonl.lock")
				if tc.plant != nil {
					tc.plant(t, dir, path)
				}
				f, err := OpenFile(path, flag, 0o644)
				if f != nil {
					if _, werr := f.WriteString("1234\n"); werr != nil && flag&(os.O_WRONLY|os.O_RDWR) != 0 {
						t.Errorf("write: %v", werr)
					}
					f.Close()
				}
				var nr *NotRegularError
				switch {
				case tc.kind == "" && flag&os.O_EXCL != 0 && tc.plant != nil:
					if !errors.Is(err, fs.ErrExist) {
						t.Errorf("error %v, want one saying the file exists", err)
					}
				case tc.kind == "" && flag == os.O_RDONLY && tc.plant == nil:
					if !errors.Is(err, fs.ErrNotExist) {
						t.Errorf("error %v, want one saying the file does not exist", err)
					}
				case tc.kind == "":
					if err != nil {
						t.Errorf("error %v, want the file opened", err)
					}
				case flag&os.O_EXCL != 0 && runtime.GOOS != "windows" && errors.Is(err, fs.ErrExist):
					// O_EXCL refuses any existing name first on Unix.
				case !errors.As(err, &nr) || nr.Path != path || nr.Kind != tc.kind || !strings.Contains(err.Error(), path):
					t.Errorf("error %v, want a NotRegularError naming %s as %s", err, path, tc.kind)
				}
				if got, _ := os.ReadFile(filepath.Join(dir, victim)); string(got) != "VICTIM\n" {
					t.Errorf("%s now holds %q", victim, got)
				}
				if _, err := os.Lstat(filepath.Join(dir, "nowhere.txt")); err == nil {
					t.Errorf("the dangling link's target was made")
				}
			})
		}
	}
}

// TestOpenFileReadOnly checks that a read-only file is refused for
// writing with the system's error naming it, not a NotRegularError.
func TestOpenFileReadOnly(t *testing.T) {
	path := filepath.Join(t.TempDir(), "out.jsonl.lock")
	if err := os.WriteFile(path, []byte("OLD"), 0o444); err != nil {
		t.Fatal(err)
	}
	f, err := OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err == nil {
		f.Close()
		t.Skip("this user may write read-only files (root?)")
	}
	var nr *NotRegularError
	if errors.As(err, &nr) || !errors.Is(err, fs.ErrPermission) || !strings.Contains(err.Error(), path) {
		t.Errorf("error %v, want a permission error naming %s", err, path)
	}
	if got, _ := os.ReadFile(path); string(got) != "OLD" {
		t.Errorf("the read-only file now holds %q", got)
	}
}

func flagName(flag int) string {
	switch {
	case flag&os.O_EXCL != 0:
		return "create-exclusive"
	case flag&os.O_CREATE != 0:
		return "create"
	default:
		return "read"
	}
}
