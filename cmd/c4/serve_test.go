package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestServeFlags checks the refused invocations of c4 serve.
func TestServeFlags(t *testing.T) {
	garbage := filepath.Join(t.TempDir(), "garbage.book")
	if err := os.WriteFile(garbage, []byte("not a book"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"x"}, "want no arguments"},
		{[]string{"--max-solves", "0"}, "--max-solves 0"},
		{[]string{"--timeout", "0s"}, "--timeout 0s"},
		{[]string{"--tt-mb", "0"}, "--tt-mb 0"},
		{[]string{"--book", "b", "--no-book"}, "exclude each other"},
		{[]string{"--book", "/no/such/book"}, "no such file"},
		{[]string{"--book", garbage}, "--book " + garbage + ": "},
		{[]string{"--addr", "256.0.0.1:http-nope"}, "serve:"},
	} {
		err := runServe(t.Context(), tc.args, strings.NewReader(""), io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("serve %q = %v, want an error containing %q", tc.args, err, tc.want)
		}
	}
}
