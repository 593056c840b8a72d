package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine/openingbook"
)

// embeddedInfo is what c4 book info says of the embedded book after the
// board size.
func embeddedInfo(t *testing.T) string {
	t.Helper()
	b, err := openingbook.Book()
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%d positions of %d stones, exact scores, %d bytes\n", b.Len(), b.Plies(), len(openingbook.Bytes()))
}

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

// TestFindDefaultAgainst lays out a repository and its shared directory
// and looks for the database from inside and outside the repository.
func TestFindDefaultAgainst(t *testing.T) {
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
			got, err := findDefaultAgainst(filepath.Join(base, filepath.FromSlash(tc.dir)))
			switch {
			case tc.want != "" && (err != nil || got != tc.want):
				t.Errorf("got %q, %v; want %q", got, err, tc.want)
			case tc.want == "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
				t.Errorf("got %q, %v; want an error containing %q", got, err, tc.err)
			}
		})
	}
}

// TestBookVerifyDefault runs c4 book verify without --against: refused
// with a reason outside the repository, checked against the README's
// database inside it.
func TestBookVerifyDefault(t *testing.T) {
	db := filepath.Join(testdata, "bitbully", "book_8ply.dat")
	if _, err := os.Stat(db); err == nil {
		// The tests run in cmd/c4, inside the repository.
		code, stdout, stderr := runC4(context.Background(), "book", "verify", "--limit", "3", "--sample", "0")
		want := "database " + filepath.FromSlash("../../"+bitbullyDefault) + ": 3 of "
		if code != 0 || !strings.Contains(stdout, want) {
			t.Errorf("inside the repository: exit %d, stdout %q, stderr %q; want 0 and %q", code, stdout, stderr, want)
		}
	} else {
		t.Logf("reference data missing, the default is not checked inside the repository: %v", err)
	}

	t.Chdir(t.TempDir())
	code, _, stderr := runC4(context.Background(), "book", "verify")
	for _, want := range []string{"c4: book: verify needs --against FILE", "not inside the fourgen repository"} {
		if code != 2 || !strings.Contains(stderr, want) {
			t.Errorf("outside the repository: exit %d, stderr %q; want 2 and %q", code, stderr, want)
		}
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
