package interrupt

import (
	"context"
	"errors"
	"os"
	"syscall"
	"testing"
)

// fakeSignal is a signal without a number.
type fakeSignal struct{}

func (fakeSignal) String() string { return "fake" }
func (fakeSignal) Signal()        {}

func TestErrorExitCode(t *testing.T) {
	for _, tt := range []struct {
		signal os.Signal
		want   int
	}{
		{os.Interrupt, 130},
		{syscall.SIGTERM, 143},
		{fakeSignal{}, 1},
	} {
		e := &Error{Signal: tt.signal}
		if got := e.ExitCode(); got != tt.want {
			t.Errorf("%v: ExitCode() = %d, want %d", tt.signal, got, tt.want)
		}
		if !errors.Is(e, context.Canceled) {
			t.Errorf("%v: errors.Is(%v, context.Canceled) = false", tt.signal, e)
		}
	}
}

// TestReceived: only a context a signal ended names one.
func TestReceived(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	if _, ok := Received(ctx); ok {
		t.Error("Received of a live context found a signal")
	}
	cancel(context.Canceled)
	if _, ok := Received(ctx); ok {
		t.Error("Received of a context cancelled without a signal found one")
	}
	ctx, cancel = context.WithCancelCause(context.Background())
	cancel(&Error{Signal: syscall.SIGTERM})
	if e, ok := Received(ctx); !ok || e.Signal != syscall.SIGTERM {
		t.Errorf("Received = %v, %v; want SIGTERM", e, ok)
	}
}

// TestNotifyStop: stop cancels the context without naming a signal.
func TestNotifyStop(t *testing.T) {
	ctx, stop := Notify(context.Background(), Signals...)
	stop()
	<-ctx.Done()
	if e, ok := Received(ctx); ok {
		t.Errorf("Received after stop = %v; want no signal", e)
	}
}
