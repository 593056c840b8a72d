package interrupt

import (
	"context"
	"sync"
	"time"
)

// guard is the state of one [Guard].
type guard struct {
	mu       sync.Mutex
	grace    time.Duration
	finished bool          // the command returned
	fired    bool          // exit was called
	done     chan struct{} // closed when the command returns
	watched  chan struct{} // closed when watch returns, for tests
}

// guardKey is the context key of the guard, for [Allow].
type guardKey struct{}

// Guard watches ctx for the command that runs with the returned context:
// if ctx ends by a signal (an [*Error], from [Notify]) and the command has
// not called finished within grace of the signal (or the longer grace it
// asked for with [Allow]), Guard calls exit, which is to end the process.
// finished reports whether the command returned before exit was called;
// it does not return while exit runs.
func Guard(ctx context.Context, grace time.Duration, exit func(*Error)) (context.Context, func() bool) {
	g := &guard{grace: grace, done: make(chan struct{}), watched: make(chan struct{})}
	go g.watch(ctx, exit)
	finished := func() bool {
		g.mu.Lock()
		defer g.mu.Unlock()
		if !g.finished {
			g.finished = true
			close(g.done)
		}
		return !g.fired
	}
	return context.WithValue(ctx, guardKey{}, g), finished
}

// watch waits for ctx to end, then for the command to return within its
// grace, and calls exit if it does not.
func (g *guard) watch(ctx context.Context, exit func(*Error)) {
	defer close(g.watched)
	select {
	case <-ctx.Done():
	case <-g.done:
		return
	}
	e, ok := Received(ctx)
	if !ok {
		return // cancelled by the program itself, which waits for the command
	}
	start := time.Now()
	for {
		g.mu.Lock()
		wait := time.Until(start.Add(g.grace))
		g.mu.Unlock()
		if wait <= 0 {
			break
		}
		timer := time.NewTimer(wait)
		select {
		case <-g.done:
			timer.Stop()
			return
		case <-timer.C: // the grace may have grown meanwhile: look again
		}
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.finished {
		return
	}
	g.fired = true
	exit(e)
}

// Allow gives the command running with ctx at least grace, counted from
// the signal, to return after an interrupt, instead of the grace of
// [Guard] (which it never shortens). A command calls it when it reaches
// work it finishes on its own once interrupted: writing a checkpoint,
// shutting a server down, ending the processes it started. Without a
// Guard in ctx it does nothing.
func Allow(ctx context.Context, grace time.Duration) {
	g, ok := ctx.Value(guardKey{}).(*guard)
	if !ok {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	g.grace = max(g.grace, grace)
}
