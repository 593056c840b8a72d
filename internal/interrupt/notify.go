package interrupt

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"syscall"
)

// Signals are the signals that interrupt a command: SIGINT (Ctrl-C) and
// SIGTERM (what timeout(1), docker stop and Kubernetes send).
var Signals = []os.Signal{os.Interrupt, syscall.SIGTERM}

// Error is the cause of a context that a signal ended. It matches
// [context.Canceled] with errors.Is, as the context's Err does.
type Error struct {
	Signal os.Signal
}

func (e *Error) Error() string { return "interrupted (" + e.Signal.String() + ")" }

// Is makes an Error a [context.Canceled].
func (e *Error) Is(target error) bool { return target == context.Canceled }

// ExitCode is the exit status of a process that the signal interrupted, as
// shells report one that it killed: 128 plus the signal's number (130 for
// SIGINT, 143 for SIGTERM), or 1 for a signal without a number.
func (e *Error) ExitCode() int {
	if s, ok := e.Signal.(syscall.Signal); ok {
		return 128 + int(s)
	}
	return 1
}

// Notify returns a copy of parent that the first of signals cancels, with
// an [*Error] as its cause. Once one has arrived, the signals have their
// default action again: a second one ends the process. stop stops
// listening and cancels the context.
func Notify(parent context.Context, signals ...os.Signal) (ctx context.Context, stop func()) {
	ctx, cancel := context.WithCancelCause(parent)
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, signals...)
	go func() {
		select {
		case s := <-ch:
			// Stop first: once the context is cancelled, a second signal
			// must find the default action.
			signal.Stop(ch)
			cancel(&Error{Signal: s})
		case <-ctx.Done():
		}
	}()
	return ctx, func() {
		signal.Stop(ch)
		cancel(context.Canceled)
	}
}

// Received returns the [*Error] that ended ctx, if a signal did.
func Received(ctx context.Context) (*Error, bool) {
	return errors.AsType[*Error](context.Cause(ctx))
}
