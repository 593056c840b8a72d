package interrupt

import (
	"bytes"
	"context"
	"fmt"
	"testing"
)

// TestSay checks that the line is written, whole and once, by the time the
// returned func returns after the context ended, however soon after, and
// never when the context had not ended. (A wait that did not wait would
// also race on the buffer, which go test -race reports.)
func TestSay(t *testing.T) {
	for i := range 1000 {
		var w bytes.Buffer
		ctx, cancel := context.WithCancel(t.Context())
		wait := Say(ctx, &w, "stopping")
		cancel()
		wait()
		if got := w.String(); got != "stopping\n" {
			t.Fatalf("run %d: after cancel and wait, wrote %q, want %q", i, got, "stopping\n")
		}
	}
	var w bytes.Buffer
	ctx, cancel := context.WithCancel(t.Context())
	Say(ctx, &w, "stopping")()
	cancel()
	if got := w.String(); got != "" {
		t.Errorf("with the context still running at wait, wrote %q, want nothing", got)
	}
}

// ExampleSay has a command say it stops, once, when its context ends.
func ExampleSay() {
	var out bytes.Buffer
	ctx, cancel := context.WithCancel(context.Background())
	wait := Say(ctx, &out, "c4 serve: shutting down")
	cancel() // as a SIGINT would
	wait()
	fmt.Print(out.String())
	// Output: c4 serve: shutting down
}
