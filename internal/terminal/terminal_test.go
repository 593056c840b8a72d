package terminal_test

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/internal/terminal"
	"github.com/fourgen/fourgen/internal/terminal/ttytest"
)

// devNull opens os.DevNull for writing, a character device that is no
// terminal.
func devNull(t *testing.T) *os.File {
	t.Helper()
	f, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Skipf("no %s: %v", os.DevNull, err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

// TestIs checks that only a terminal is one: not a buffer, a reader, a
// regular file, /dev/null (a character device), nor a nil or closed file.
func TestIs(t *testing.T) {
	file, err := os.Create(filepath.Join(t.TempDir(), "out"))
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	closed, err := os.Create(filepath.Join(t.TempDir(), "closed"))
	if err != nil {
		t.Fatal(err)
	}
	closed.Close()
	var nilFile *os.File
	for _, tc := range []struct {
		name string
		f    any
		want bool
	}{
		{"buffer", &bytes.Buffer{}, false},
		{"reader", strings.NewReader("4453\n"), false},
		{"regular file", file, false},
		{"/dev/null", devNull(t), false},
		{"nil file", nilFile, false},
		{"closed file", closed, false},
		{"nil", nil, false},
		{"pseudo-terminal", ttytest.Open(t), true},
	} {
		if got := terminal.Is(tc.f); got != tc.want {
			t.Errorf("%s: Is = %t, want %t", tc.name, got, tc.want)
		}
	}
}

// TestColour checks when to draw in colour: on a terminal unless NO_COLOR
// is set and not empty.
func TestColour(t *testing.T) {
	env := func(v string) func(string) string {
		return func(k string) string {
			if k == "NO_COLOR" {
				return v
			}
			return ""
		}
	}
	tty := ttytest.Open(t)
	for _, tc := range []struct {
		name    string
		w       io.Writer
		noColor string
		want    bool
	}{
		{"terminal", tty, "", true},
		{"terminal, NO_COLOR", tty, "1", false},
		{"/dev/null", devNull(t), "", false},
		{"buffer", &bytes.Buffer{}, "", false},
	} {
		if got := terminal.Colour(tc.w, env(tc.noColor)); got != tc.want {
			t.Errorf("%s: Colour = %t, want %t", tc.name, got, tc.want)
		}
	}
}
