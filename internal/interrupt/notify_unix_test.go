//go:build unix

package interrupt

import (
	"context"
	"syscall"
	"testing"
)

// TestNotifySignal sends the test process one SIGTERM (a second would
// end it, as Notify intends) and checks that it ends the context, naming
// the signal.
func TestNotifySignal(t *testing.T) {
	ctx, stop := Notify(context.Background(), Signals...)
	defer stop()
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	<-ctx.Done()
	if e, ok := Received(ctx); !ok || e.Signal != syscall.SIGTERM || e.ExitCode() != 143 {
		t.Errorf("Received = %v, %v; want SIGTERM, exit status 143", e, ok)
	}
}
