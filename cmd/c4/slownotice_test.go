package main

import (
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/fourgen/fourgen/engine/openingbook"
)

// TestSlowNotice checks that a solve of an early position without a book
// tells a terminal, once and before it starts, that it may take long and
// how to learn something sooner; and that it says nothing off a
// terminal, with a book, or for a later position.
func TestSlowNotice(t *testing.T) {
	late := lateMoves(t, slowStones)
	for _, tc := range []struct {
		name string
		tty  bool
		args []string
		want bool
	}{
		{"analyze, empty board", true, []string{"analyze", "--no-book", ""}, true},
		{"analyze twice", true, []string{"analyze", "--no-book", "", "4"}, true},
		{"analyze --json", true, []string{"analyze", "--json", "--no-book", "4"}, true},
		{"solve --weak", true, []string{"solve", "--weak", "--no-book", "44"}, true},
		{"solve -a", true, []string{"solve", "-a", "--no-book", ""}, true},
		{"not a terminal", false, []string{"analyze", "--no-book", ""}, false},
		{"later position", true, []string{"analyze", "--no-book", late}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			isTerminal = func(any) bool { return tc.tty }
			defer func() { isTerminal = defaultIsTerminal }()
			stderr := runStopped(t, append(tc.args, "--tt-mb", "16")...)
			said := strings.Count(stderr, "may take from minutes to days")
			if tc.want && said != 1 || !tc.want && said != 0 {
				t.Fatalf("stderr %q: the notice said %d times, want it %v once", stderr, said, tc.want)
			}
			if !tc.want {
				return
			}
			for _, part := range []string{"no opening book for the", "bounds narrowing", "Ctrl-C stops"} {
				if !strings.Contains(stderr, part) {
					t.Errorf("stderr %q lacks %q", stderr, part)
				}
			}
			if weak := strings.Contains(stderr, "--weak answers"); weak == (tc.args[1] == "--weak") {
				t.Errorf("stderr %q: --weak advised %v, want it advised when not given", stderr, weak)
			}
		})
	}
}

var defaultIsTerminal = isTerminal

// runStopped runs c4 with args, stopped by the first thing it writes to
// stderr (the notice comes before a solve, which then stops at once) or
// after a moment (a solve that got no notice: it would have come before
// the solve started, so how far the solve got, which depends on the
// machine's load, does not change the outcome), and returns its stderr.
func runStopped(t *testing.T, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	time.AfterFunc(100*time.Millisecond, cancel)
	stderr := &cancelWriter{cancel: cancel}
	run(ctx, args, strings.NewReader(""), io.Discard, stderr)
	return stderr.String()
}

// cancelWriter is a buffer that calls cancel when written to.
type cancelWriter struct {
	strings.Builder
	cancel func()
}

func (w *cancelWriter) Write(p []byte) (int, error) {
	w.cancel()
	return w.Builder.Write(p)
}

// TestSlowNoticeBook checks that a solve with the embedded book says
// nothing, and that one at a board it does not apply to (as the 10×6
// c4's default is) says it.
func TestSlowNoticeBook(t *testing.T) {
	isTerminal = func(any) bool { return true }
	defer func() { isTerminal, bookApplies = defaultIsTerminal, openingbook.Applies }()
	for _, applies := range []bool{true, false} {
		if applies && !openingbook.Applies() {
			continue
		}
		bookApplies = func() bool { return applies }
		stderr := runStopped(t, "analyze", "--tt-mb", "16", "")
		if said := strings.Contains(stderr, "may take from minutes to days"); said == applies {
			t.Errorf("the embedded book applying %v: stderr %q", applies, stderr)
		}
	}
}
