//go:build !unix

package filelock

import (
	"errors"
	"io/fs"
	"os"

	"github.com/fourgen/fourgen/internal/regularfile"
)

// acquire creates the lock file at lockPath of path, which must not
// exist: its existence is the lock. Something other than a regular file
// at lockPath (a link, say) is refused with a
// [*regularfile.NotRegularError], not taken for a held lock.
func acquire(lockPath, path string) (*Lock, error) {
	f, err := regularfile.OpenFile(lockPath, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return nil, &HeldError{Path: path, PID: holder(lockPath)}
	}
	if err != nil {
		return nil, err
	}
	return &Lock{f: f, path: lockPath}, nil
}

// Release releases the lock: it removes the lock file.
func (l *Lock) Release() error {
	err := l.f.Close()
	if rerr := os.Remove(l.path); err == nil {
		err = rerr
	}
	return err
}
