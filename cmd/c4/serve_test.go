package main

import (
	"context"
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
		// An empty address listens on every interface (issue 40 item
		// 10): refused, naming the explicit way.
		{[]string{"--addr", ""}, "--addr :8080"},
		{[]string{"--addr", "  "}, "--addr :8080"},
	} {
		// A context already ended: an invocation wrongly accepted serves
		// for no time and returns nil, instead of hanging the test.
		ctx, cancel := context.WithCancel(t.Context())
		cancel()
		err := runServe(ctx, tc.args, strings.NewReader(""), io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("serve %q = %v, want an error containing %q", tc.args, err, tc.want)
		}
	}
}
