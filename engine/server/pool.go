package main

import (
	"context"

	"github.com/fourgen/fourgen/engine"
)

// solverPool bounds the work running at once and hands each solve a
// solver of its own, since a solver is not safe for concurrent use. Its
// channel is both the semaphore and the pool: it holds one slot per
// allowed solve, and a slot keeps its solver from one request to the next.
type solverPool struct {
	slots    chan *solverSlot
	tableMiB int
	book     *engine.Book
}

// solverSlot is one unit of the pool: the right to run, and the solver
// that goes with it, made on first use so that an idle server or one
// that only runs agents holds no tables.
type solverSlot struct {
	pool   *solverPool
	solver *engine.Solver
}

// newSolverPool returns a pool of n slots whose solvers have tables of
// tableMiB MiB and use book (nil for none).
func newSolverPool(n, tableMiB int, book *engine.Book) *solverPool {
	p := &solverPool{slots: make(chan *solverSlot, n), tableMiB: tableMiB, book: book}
	for range n {
		p.slots <- &solverSlot{pool: p}
	}
	return p
}

// acquire waits for a free slot until ctx is done. The caller must
// release it.
func (p *solverPool) acquire(ctx context.Context) (*solverSlot, error) {
	select {
	case sl := <-p.slots:
		return sl, nil
	case <-ctx.Done():
		return nil, context.Cause(ctx)
	}
}

// release gives a slot back to the pool.
func (p *solverPool) release(sl *solverSlot) { p.slots <- sl }

// Solver returns the slot's solver, making it on first use.
func (sl *solverSlot) Solver() *engine.Solver {
	if sl.solver == nil {
		sl.solver = engine.NewSolver(sl.pool.tableMiB)
		sl.solver.SetBook(sl.pool.book)
	}
	return sl.solver
}
