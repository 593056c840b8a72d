package main

// This file lets another thread stop a solver's call: each call that
// searches registers its context's cancel function under its handle while
// it holds the handle's lock, and fg_solver_cancel calls it. A call may
// also carry a budget, past which it stops by itself, so that a caller can
// make a short call on its own thread and, if the search needs longer,
// call again on a thread it can interrupt (the Python package does, to
// answer Ctrl-C at once).

/*
#include <stdint.h>
*/
import "C"

import (
	"context"
	"errors"
	"sync"
	"time"
)

// codeStopped is the code of a call stopped before it finished: its budget
// ran out, or fg_solver_cancel stopped it.
const codeStopped = 4

// stoppedError is the error of a call stopped before it finished.
type stoppedError struct{ err error }

func (e stoppedError) Error() string { return "stopped: " + e.err.Error() }
func (e stoppedError) Unwrap() error { return e.err }

// stopped marks err as a stopped call's when its context ended it.
func stopped(ctx context.Context, err error) error {
	if err != nil && ctx.Err() != nil && (errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)) {
		return stoppedError{err}
	}
	return err
}

// callTable holds the cancel function of the call running on each handle.
type callTable struct {
	mu sync.Mutex
	m  map[int64]context.CancelFunc
}

// solverCalls and agentCalls are the calls running on solvers and agents.
var solverCalls, agentCalls callTable

// start registers a call on handle h and returns its context, with a
// budget when budget is positive, and the function that ends the call.
func (t *callTable) start(h int64, budget time.Duration) (context.Context, func()) {
	var ctx context.Context
	var cancel context.CancelFunc
	if budget > 0 {
		ctx, cancel = context.WithTimeout(context.Background(), budget)
	} else {
		ctx, cancel = context.WithCancel(context.Background())
	}
	t.mu.Lock()
	if t.m == nil {
		t.m = make(map[int64]context.CancelFunc)
	}
	t.m[h] = cancel
	t.mu.Unlock()
	return ctx, func() {
		t.mu.Lock()
		delete(t.m, h)
		t.mu.Unlock()
		cancel()
	}
}

// cancel stops the call running on handle h, if any, and reports whether
// there was one.
func (t *callTable) cancel(h int64) bool {
	t.mu.Lock()
	cancel, ok := t.m[h]
	t.mu.Unlock()
	if ok {
		cancel()
	}
	return ok
}

// fg_solver_cancel stops the call running on a solver, if any (it returns
// code 4, stopped), from any thread: it does not wait for the call, nor
// for the solver's lock. Calls waiting for the lock run as usual.
//
//export fg_solver_cancel
func fg_solver_cancel(handle C.int64_t, msg *C.char, msgCap C.int64_t) C.int {
	return done(msg, msgCap, func() error {
		solverCalls.cancel(int64(handle))
		return nil
	})
}

// fg_agent_cancel stops the move an agent is choosing (fg_agent_move), as
// fg_solver_cancel stops a solver's call.
//
//export fg_agent_cancel
func fg_agent_cancel(handle C.int64_t, msg *C.char, msgCap C.int64_t) C.int {
	return done(msg, msgCap, func() error {
		agentCalls.cancel(int64(handle))
		return nil
	})
}
