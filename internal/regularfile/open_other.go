//go:build !unix

package regularfile

import (
	"fmt"
	"io/fs"
	"os"
)

// open opens path without going through a symbolic link where the
// system allows it: a file created with O_CREATE|O_EXCL is never opened
// through one; otherwise what is at path is looked at first and must be
// what was opened (see the package doc for the gap left).
func open(path string, flag int, perm fs.FileMode) (*os.File, error) {
	if flag&(os.O_CREATE|os.O_EXCL) == os.O_CREATE|os.O_EXCL {
		return os.OpenFile(path, flag, perm)
	}
	before, lerr := os.Lstat(path)
	if lerr == nil && !before.Mode().IsRegular() {
		return nil, &NotRegularError{Path: path, Kind: kindOf(before.Mode())}
	}
	f, err := os.OpenFile(path, flag, perm)
	if err != nil {
		return nil, err
	}
	after, lerr := os.Lstat(path) // made now by O_CREATE, or there before
	opened, err := f.Stat()
	if lerr != nil || err != nil || !os.SameFile(after, opened) || before != nil && !os.SameFile(before, opened) {
		f.Close()
		return nil, fmt.Errorf("%s changed while being opened: refusing it", path)
	}
	return f, nil
}
