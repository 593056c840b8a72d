package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/internal/answer"
)

// solverPool bounds the work running at once and hands each solve a
// solver of its own, since a solver is not safe for concurrent use. Its
// channel is both the semaphore and the pool: it holds one slot per
// allowed solve, and a slot keeps its solver from one request to the next.
type solverPool struct {
	slots    chan *solverSlot
	tableMiB int
	threads  int
	book     *engine.Book
}

// solverSlot is one unit of the pool: the right to run, and the solver
// that goes with it, made on first use so that a server that only runs
// agents holds one table at most (Serve makes one slot's solver at once:
// see warm) and an idle [Server] not served holds none.
type solverSlot struct {
	pool   *solverPool
	solver *engine.Solver
}

// newSolverPool returns a pool of n slots whose solvers have tables of
// tableMiB MiB, search with threads threads and use book (nil for none).
func newSolverPool(n, tableMiB, threads int, book *engine.Book) *solverPool {
	p := &solverPool{slots: make(chan *solverSlot, n), tableMiB: tableMiB, threads: threads, book: book}
	for range n {
		p.slots <- &solverSlot{pool: p}
	}
	return p
}

// acquire takes a free slot if there is one, even when ctx is already
// done, and otherwise waits for one until ctx is done. The caller must
// release it. (Waiting on both at once, a free slot and a context already
// done were picked at random, and an idle server whose deadline was near
// zero said that every solver stayed in use.)
func (p *solverPool) acquire(ctx context.Context) (*solverSlot, error) {
	return take(ctx, p.slots)
}

// take receives from ch, at once if it can, even when ctx is already done,
// and otherwise waiting until ctx is done: the pool's slots and the board
// readers' tokens are taken this way.
func take[T any](ctx context.Context, ch chan T) (T, error) {
	select {
	case v := <-ch:
		return v, nil
	default:
	}
	select {
	case v := <-ch:
		return v, nil
	case <-ctx.Done():
		var zero T
		return zero, context.Cause(ctx)
	}
}

// warm makes the solver of a free slot now, if one is free, instead of at
// the first request that needs it: its table is allocated and every page
// touched, which takes 20 ms for 64 MiB and now and then 0.15 s more, all of
// it on that first request's time. A request that comes meanwhile waits
// for the slot or takes another. It reports whether it made a solver (a
// failure to have the table's memory is left to the requests to report).
func (p *solverPool) warm() bool {
	select {
	case sl := <-p.slots:
		defer p.release(sl)
		made := sl.solver == nil
		_, err := sl.Solver()
		return made && err == nil
	default:
		return false
	}
}

// release gives a slot back to the pool.
func (p *solverPool) release(sl *solverSlot) { p.slots <- sl }

// Solver returns the slot's solver, making it on first use; it fails when
// the memory for its table cannot be had.
func (sl *solverSlot) Solver() (*engine.Solver, error) {
	if sl.solver == nil {
		s, err := engine.NewSolver(sl.pool.tableMiB)
		if err != nil {
			return nil, fmt.Errorf("server: a solver's table: %w", err)
		}
		s.SetBook(sl.pool.book)
		s.SetThreads(sl.pool.threads)
		sl.solver = s
	}
	return sl.solver, nil
}

// solve runs f, a solve with the engine's solver, in a slot of the pool:
// [Server.solveWith] with the opening book's hint.
func (s *Server) solve(ctx context.Context, f func(ctx context.Context, sl *solverSlot) error) error {
	return s.solveWith(ctx, answer.SolverHint(s.opts.Book), f)
}

// solveWith runs f in a slot of the pool, as [runIn] says.
func (s *Server) solveWith(ctx context.Context, slow string, f func(ctx context.Context, sl *solverSlot) error) error {
	which := fmt.Sprintf("all %d solvers", s.opts.MaxSolves)
	if s.opts.MaxSolves == 1 {
		which = "its only solver"
	}
	busy := fmt.Sprintf("server busy: %s stayed in use for %v; try again", which, s.opts.Timeout)
	return runIn(ctx, s.opts.Timeout, s.solvers.slots, busy, slow, f)
}

// runIn takes a token of lane (a slot of the pool, or a place in the cheap
// lane), runs f with it and gives it back. Waiting for the token and
// running each have a deadline of timeout: waiting past it is a 503 with
// the message busy, running past it a 504, whose message ends with slow,
// what makes the work slow ("" for nothing to say). (With one deadline for
// both, a request that got its slot late had only the rest of it to solve,
// and a wait ended as a 504.)
func runIn[T any](ctx context.Context, timeout time.Duration, lane chan T, busy, slow string, f func(ctx context.Context, v T) error) error {
	waitCtx, cancelWait := context.WithTimeout(ctx, timeout)
	v, err := take(waitCtx, lane)
	cancelWait()
	if err != nil {
		return deadlineError(err, http.StatusServiceUnavailable, "%s", busy)
	}
	defer func() { lane <- v }()
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	start := time.Now()
	if err := f(ctx, v); err != nil {
		if slow != "" {
			slow = "; " + slow
		}
		return deadlineError(err, http.StatusGatewayTimeout,
			"took too long: no answer within %v (stopped after %v)%s",
			timeout, time.Since(start).Round(time.Millisecond), slow)
	}
	return nil
}

// deadlineError turns the error of a solve or a wait into an [httpError]:
// a missed deadline with the given status and message, a cancelled request
// (client gone or server shutting down) with 503, and any other error (a
// position the engine refuses) with 400.
func deadlineError(err error, status int, format string, a ...any) error {
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return httpErrorf(status, format, a...)
	case errors.Is(err, context.Canceled):
		return httpErrorf(http.StatusServiceUnavailable, "request cancelled: the server is shutting down or the client left")
	}
	return httpErrorf(http.StatusBadRequest, "%v", err)
}
