package genout

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestNumbered(t *testing.T) {
	if got, want := Numbered([]byte("a\nb")), "1\ta\n2\tb\n"; got != want {
		t.Errorf("Numbered = %q, want %q", got, want)
	}
}

// TestWriteChanged writes two files, dates them back, writes again with
// one changed, and checks only that one was rewritten.
func TestWriteChanged(t *testing.T) {
	dir := t.TempDir()
	files := []File{{"a_gen.go", []byte("package a\n")}, {"b_gen.go", []byte("package a\n\nvar b int\n")}}
	if err := WriteChanged(dir, files); err != nil {
		t.Fatal(err)
	}
	long := time.Date(2001, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, f := range files {
		if err := os.Chtimes(filepath.Join(dir, f.Name), long, long); err != nil {
			t.Fatal(err)
		}
	}
	files[1].Src = []byte("package a\n\nvar b string\n")
	if err := WriteChanged(dir, files); err != nil {
		t.Fatal(err)
	}
	for i, f := range files {
		fi, err := os.Stat(filepath.Join(dir, f.Name))
		if err != nil {
			t.Fatal(err)
		}
		if rewritten := !fi.ModTime().Equal(long); rewritten != (i == 1) {
			t.Errorf("%s rewritten = %v, want %v", f.Name, rewritten, i == 1)
		}
		if got, _ := os.ReadFile(filepath.Join(dir, f.Name)); string(got) != string(f.Src) {
			t.Errorf("%s holds %q, want %q", f.Name, got, f.Src)
		}
	}
	if err := WriteChanged(filepath.Join(dir, "missing"), files); err == nil {
		t.Error("WriteChanged into a missing directory succeeded")
	}
}

// TestWriteOverlay checks that the overlay maps each file of the package
// to its copy beside the overlay file, and leaves the package alone.
func TestWriteOverlay(t *testing.T) {
	pkg, scratch := t.TempDir(), filepath.Join(t.TempDir(), "sub")
	files := []File{{"a_gen.go", []byte("package a\n")}}
	path := filepath.Join(scratch, "overlay.json")
	if err := WriteOverlay(path, pkg, files); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var overlay struct{ Replace map[string]string }
	if err := json.Unmarshal(data, &overlay); err != nil {
		t.Fatal(err)
	}
	to := overlay.Replace[filepath.Join(pkg, "a_gen.go")]
	if got, err := os.ReadFile(to); err != nil || string(got) != "package a\n" || len(overlay.Replace) != 1 {
		t.Errorf("overlay %v maps a_gen.go to %q holding %q (%v)", overlay.Replace, to, got, err)
	}
	if entries, _ := os.ReadDir(pkg); len(entries) != 0 {
		t.Errorf("the package directory holds %d files, want none", len(entries))
	}
}
