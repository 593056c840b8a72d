package shareddata

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeTree writes data to dir/name, making the directories on the way.
func writeTree(t *testing.T, dir, name, data string) {
	t.Helper()
	path := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestFind lays out a repository and its shared directory and looks for
// a reference file from inside and outside the repository.
func TestFind(t *testing.T) {
	base := t.TempDir()
	mod := "module " + modulePath + "\n\ngo 1.26\n"
	writeTree(t, base, "with/repo/go.mod", mod)
	writeTree(t, base, "with/repo/cmd/c4/main.go", "package main\n")
	writeTree(t, base, "with/shared/testdata/bitbully/book_8ply.dat", "\x05\x5c\xfc")
	writeTree(t, base, "without/repo/go.mod", mod)
	writeTree(t, base, "other/repo/go.mod", "module example.com/other\n")
	writeTree(t, base, "other/shared/testdata/bitbully/book_8ply.dat", "\x05\x5c\xfc")
	want := filepath.Join(base, "with", "shared", "testdata", "bitbully", "book_8ply.dat")

	for _, tc := range []struct {
		name, dir string
		want      string // the path found, "" for none
		err       string // a substring of the error
	}{
		{"repository root", "with/repo", want, ""},
		{"inside the repository", "with/repo/cmd/c4", want, ""},
		{"database missing", "without/repo", "", "is missing"},
		{"another module", "other/repo", "", "not inside the fourgen repository"},
		{"outside any repository", "with", "", "not inside the fourgen repository"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := find(filepath.Join(base, filepath.FromSlash(tc.dir)), "bitbully/book_8ply.dat")
			switch {
			case tc.want != "" && (err != nil || got != tc.want):
				t.Errorf("got %q, %v; want %q", got, err, tc.want)
			case tc.want == "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
				t.Errorf("got %q, %v; want an error containing %q", got, err, tc.err)
			}
		})
	}
}

func FuzzDeclaresModule(f *testing.F) {
	for _, s := range []string{
		"module " + modulePath + "\n",
		"// comment\nmodule \"" + modulePath + "\" // quoted\n",
		"module\t" + modulePath,
		"modules " + modulePath,
		"module example.com/other\n",
		"",
		"go 1.26\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if declaresModule(data, modulePath) && !strings.Contains(string(data), modulePath) {
			t.Errorf("declaresModule(%q) = true without the module path", data)
		}
	})
}

// TestDeclaresModule checks the go.mod reader on the fuzz seeds' cases.
func TestDeclaresModule(t *testing.T) {
	for _, tc := range []struct {
		data string
		want bool
	}{
		{"module " + modulePath + "\n", true},
		{"// comment\nmodule \"" + modulePath + "\" // quoted\n", true},
		{"module\t" + modulePath, true},
		{"modules " + modulePath, false},
		{"module " + modulePath + "/sub\n", false},
		{"module example.com/other\nmodule " + modulePath, false},
		{"", false},
	} {
		if got := declaresModule([]byte(tc.data), modulePath); got != tc.want {
			t.Errorf("declaresModule(%q) = %v, want %v", tc.data, got, tc.want)
		}
	}
}
