//go:build unix

package atomicfile

import (
	"errors"
	"os"
	"syscall"
)

// syncDir flushes the directory dir, so that a rename in it survives a
// crash. A file system that cannot sync a directory (EINVAL, ENOTSUP) is
// not an error: there is nothing more to do.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	if errors.Is(err, syscall.EINVAL) || errors.Is(err, syscall.ENOTSUP) {
		return nil
	}
	return err
}
