package regularfile

import (
	"fmt"
	"io/fs"
	"os"
)

// NotRegularError is the error of [OpenFile] when the path names
// something other than a regular file.
type NotRegularError struct {
	Path string
	Kind string // "a symbolic link", "a directory", "a named pipe (FIFO)", …
}

func (e *NotRegularError) Error() string {
	return fmt.Sprintf("%s is %s, not a regular file: refusing to open it (remove it, or choose another name)", e.Path, e.Kind)
}

// kindOf names what a file of mode m is, for a [NotRegularError].
func kindOf(m fs.FileMode) string {
	switch {
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	default:
		return "not a plain file (" + m.Type().String() + ")"
	}
}

// OpenFile opens path as [os.OpenFile] does, but only if it is a
// regular file, never through a symbolic link: anything else at path is
// refused with a [*NotRegularError]. With os.O_CREATE a missing file is
// created, as a regular file at path itself (a dangling link is refused,
// its target not made).
func OpenFile(path string, flag int, perm fs.FileMode) (*os.File, error) {
	f, err := open(path, flag, perm)
	if err != nil {
		if fi, lerr := os.Lstat(path); lerr == nil && !fi.Mode().IsRegular() {
			return nil, &NotRegularError{Path: path, Kind: kindOf(fi.Mode())}
		}
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, &NotRegularError{Path: path, Kind: kindOf(fi.Mode())}
	}
	return f, nil
}
