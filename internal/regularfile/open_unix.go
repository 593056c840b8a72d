//go:build unix

package regularfile

import (
	"io/fs"
	"os"

	"golang.org/x/sys/unix"
)

// open opens path without following a final symbolic link, and without
// waiting on a FIFO (O_NONBLOCK, which a regular file ignores).
func open(path string, flag int, perm fs.FileMode) (*os.File, error) {
	return os.OpenFile(path, flag|unix.O_NOFOLLOW|unix.O_NONBLOCK, perm)
}
