package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"

	"github.com/fourgen/fourgen/internal/regularfile"
)

// A file is a temporary file that replaces its destination when
// committed. Its methods are not safe for concurrent use.
type file struct {
	f    *os.File
	path string // the destination
	done bool   // committed or aborted
}

// maxAttempts bounds the tries at a temporary name nobody holds.
const maxAttempts = 10000

// create opens a new temporary file in the directory of path, with the
// permissions perm (before the umask), to become path when committed.
func create(path string, perm fs.FileMode) (*file, error) {
	dir, base := filepath.Split(path)
	for range maxAttempts {
		tmp := filepath.Join(dir, base+".tmp"+strconv.FormatUint(uint64(rand.Uint32()), 10))
		f, err := regularfile.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
		if errors.Is(err, fs.ErrExist) || errors.As(err, new(*regularfile.NotRegularError)) {
			continue // taken, by a file or by a link planted there
		}
		if err != nil {
			return nil, fmt.Errorf("write %s: %w", path, err)
		}
		return &file{f: f, path: path}, nil
	}
	return nil, fmt.Errorf("write %s: no free temporary name after %d tries", path, maxAttempts)
}

// Write writes p to the temporary file.
func (f *file) Write(p []byte) (int, error) {
	if f.done {
		return 0, fmt.Errorf("write %s: %w", f.path, fs.ErrClosed)
	}
	return f.f.Write(p)
}

// Commit syncs and closes the temporary file, renames it to the
// destination and syncs the directory. If any step fails it removes the
// temporary file and returns the error, the destination untouched.
func (f *file) Commit() error {
	if f.done {
		return fmt.Errorf("commit %s: %w", f.path, fs.ErrClosed)
	}
	f.done = true
	err := f.f.Sync()
	if cerr := f.f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.f.Name(), f.path)
	}
	if err != nil {
		os.Remove(f.f.Name())
		return fmt.Errorf("write %s: %w", f.path, err)
	}
	if err := syncDir(filepath.Dir(f.path)); err != nil {
		return fmt.Errorf("write %s: sync its directory: %w", f.path, err)
	}
	return nil
}

// Abort closes and removes the temporary file, leaving the destination
// as it was. After Commit, or a second time, it does nothing; so a
// deferred Abort cleans up on every path that returns without Commit.
func (f *file) Abort() error {
	if f.done {
		return nil
	}
	f.done = true
	cerr := f.f.Close()
	if err := os.Remove(f.f.Name()); err != nil {
		return err
	}
	return cerr
}

// Write replaces the file at path with what write writes, with the
// permissions perm (before the umask) for a new file. When write fails,
// so does Write, and the file at path is left as it was.
func Write(path string, perm fs.FileMode, write func(io.Writer) error) error {
	f, err := create(path, perm)
	if err != nil {
		return err
	}
	defer f.Abort()
	if err := write(f); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return f.Commit()
}

// WriteFile replaces the file at path with data, as [os.WriteFile] writes
// it but whole or not at all.
func WriteFile(path string, data []byte, perm fs.FileMode) error {
	return Write(path, perm, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}
