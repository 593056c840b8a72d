package genout

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/fourgen/fourgen/internal/atomicfile"
)

// File is one rendered file: its name in the target directory and its
// bytes.
type File struct {
	Name string
	Src  []byte
}

// WriteChanged writes each file whose bytes differ from what is in dir,
// through a temporary file and a rename so that no half-written file is
// ever left behind.
func WriteChanged(dir string, files []File) error {
	for _, f := range files {
		path := filepath.Join(dir, f.Name)
		if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, f.Src) {
			continue
		}
		if err := atomicfile.WriteFile(path, f.Src, 0o644); err != nil {
			return fmt.Errorf("write %s: %w", path, err)
		}
	}
	return nil
}

// WriteOverlay writes the files into the directory of overlayPath and, at
// overlayPath, the JSON file that go build -overlay reads, which lays each
// of them over its namesake in the package directory dir. The package's
// own files are left as they are.
func WriteOverlay(overlayPath, dir string, files []File) error {
	pkgDir, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	scratch, err := filepath.Abs(filepath.Dir(overlayPath))
	if err != nil {
		return err
	}
	if err := os.MkdirAll(scratch, 0o755); err != nil {
		return fmt.Errorf("overlay: %w", err)
	}
	overlay := struct{ Replace map[string]string }{map[string]string{}}
	for _, f := range files {
		overlay.Replace[filepath.Join(pkgDir, f.Name)] = filepath.Join(scratch, f.Name)
	}
	data, err := json.MarshalIndent(overlay, "", "\t")
	if err != nil {
		return err
	}
	return WriteChanged(scratch, append(files, File{filepath.Base(overlayPath), append(data, '\n')}))
}
