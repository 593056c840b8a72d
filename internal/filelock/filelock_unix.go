//go:build unix

package filelock

import (
	"errors"
	"os"

	"github.com/fourgen/fourgen/internal/regularfile"
	"golang.org/x/sys/unix"
)

// acquire flocks the lock file at lockPath of path, created if need be,
// never through a symbolic link (package regularfile).
// A lock file removed and made again by others while this one waited is
// taken again, so that two takers never hold two different files.
func acquire(lockPath, path string) (*Lock, error) {
	for range 8 {
		f, err := regularfile.OpenFile(lockPath, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			return nil, err
		}
		err = unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
		if errors.Is(err, unix.EWOULDBLOCK) {
			f.Close()
			return nil, &HeldError{Path: path, PID: holder(lockPath)}
		}
		if err != nil {
			f.Close()
			return nil, &os.PathError{Op: "flock", Path: lockPath, Err: err}
		}
		if same(f, lockPath) {
			return &Lock{f: f, path: lockPath}, nil
		}
		f.Close()
	}
	return nil, &HeldError{Path: path, PID: holder(lockPath)}
}

// same reports whether the open file f is still the file at path.
func same(f *os.File, path string) bool {
	a, err1 := f.Stat()
	b, err2 := os.Lstat(path)
	return err1 == nil && err2 == nil && os.SameFile(a, b)
}

// Release releases the lock; the lock file stays, free for the next
// taker (removing it would let a waiting taker lock a file no longer at
// the path).
func (l *Lock) Release() error {
	return l.f.Close() // closing releases the flock
}
