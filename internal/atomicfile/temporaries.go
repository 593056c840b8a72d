package atomicfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// RemoveTemporaries removes the temporary files of path left in its
// directory by writers that were killed before they could (named as
// [create] names them: path's name, ".tmp" and digits). Only a writer
// that holds path's lock (package filelock), so that no other writer of
// path is at work, may call it. Links bearing such a name are removed,
// never followed; directories are left alone.
func RemoveTemporaries(path string) error {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	var errs []error
	for _, e := range entries {
		if !isTemporary(base, e.Name()) || e.IsDir() {
			continue
		}
		if err := os.Remove(filepath.Join(dir, e.Name())); err != nil && !errors.Is(err, fs.ErrNotExist) {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// isTemporary reports whether name is that of a temporary file of base.
func isTemporary(base, name string) bool {
	digits, ok := strings.CutPrefix(name, base+".tmp")
	if !ok || digits == "" {
		return false
	}
	for _, c := range digits {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
