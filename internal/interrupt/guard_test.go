package interrupt

import (
	"context"
	"os"
	"testing"
	"time"
)

// hangLimit is how long the test waits for what must happen before
// calling it stuck; no timing claim (it happens at once).
const hangLimit = time.Minute // only a failing test waits it out: generous, so a loaded machine never fails one

// guarded returns a context under a Guard of grace, the guard, finished,
// the function that cancels the parent with cause, and the channel exit
// sends its error to.
func guarded(t *testing.T, grace time.Duration) (context.Context, *guard, func() bool, context.CancelCauseFunc, chan *Error) {
	t.Helper()
	parent, cancel := context.WithCancelCause(context.Background())
	t.Cleanup(func() { cancel(nil) })
	exited := make(chan *Error, 1)
	ctx, finished := Guard(parent, grace, func(e *Error) { exited <- e })
	return ctx, ctx.Value(guardKey{}).(*guard), finished, cancel, exited
}

// TestGuardExits: a command that does not return after a signal is
// ended by exit, with the signal; finished then says so.
func TestGuardExits(t *testing.T) {
	_, _, finished, cancel, exited := guarded(t, 0)
	cancel(&Error{Signal: os.Interrupt})
	select {
	case e := <-exited:
		if e.Signal != os.Interrupt {
			t.Errorf("exit(%v); want SIGINT", e)
		}
	case <-time.After(hangLimit):
		t.Fatal("the guard did not call exit after the grace")
	}
	if finished() {
		t.Error("finished() = true after exit was called")
	}
}

// TestGuardSpares: a command that returns within its grace, or whose
// context ends without a signal, is not exited.
func TestGuardSpares(t *testing.T) {
	for _, tt := range []struct {
		name  string
		grace time.Duration
		cause error
	}{
		{"returned within the grace", time.Hour, &Error{Signal: os.Interrupt}},
		{"cancelled by the program", 0, context.Canceled},
		{"never cancelled", 0, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, g, finished, cancel, exited := guarded(t, tt.grace)
			if tt.cause != nil {
				cancel(tt.cause)
			}
			if tt.grace == 0 && tt.cause != nil {
				<-g.watched // the guard has decided
			}
			if !finished() {
				t.Error("finished() = false: exit was called")
			}
			<-g.watched
			select {
			case e := <-exited:
				t.Errorf("exit(%v) called", e)
			default:
			}
		})
	}
}

// TestAllow: Allow lengthens the grace, never shortens it, and does
// nothing without a guard.
func TestAllow(t *testing.T) {
	ctx, g, _, _, _ := guarded(t, time.Second)
	for _, tt := range []struct {
		allow, want time.Duration
	}{
		{time.Minute, time.Minute},
		{time.Millisecond, time.Minute},
		{time.Hour, time.Hour},
	} {
		Allow(ctx, tt.allow)
		g.mu.Lock()
		got := g.grace
		g.mu.Unlock()
		if got != tt.want {
			t.Errorf("after Allow(%v): grace %v, want %v", tt.allow, got, tt.want)
		}
	}
	Allow(context.Background(), time.Hour) // no guard: no panic
}
