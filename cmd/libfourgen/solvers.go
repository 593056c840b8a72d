package main

// This file is the solver behind a handle: the engine's Solver with the
// embedded book, and the extra solvers of batch calls.

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/engine/openingbook"
	"github.com/fourgen/fourgen/internal/answer"
	"github.com/fourgen/fourgen/internal/posfile"
)

// solvers are the solvers handed out.
var solvers = registry[*solverHandle]{what: "solver"}

// solverHandle is one solver of the C API: its main solver, and the solvers of
// its batch calls' other workers, made at the first batch that needs them
// with the same table size and book.
type solverHandle struct {
	main    *engine.Solver
	mib     int
	book    *engine.Book
	workers []*engine.Solver
}

// newEngine makes a solver with a table of about mib MiB (0: the engine's
// default), searching one position with threads threads, answering from
// the embedded book when useBook is set and the book is of this board.
func newEngine(mib, threads int, useBook bool) (*solverHandle, error) {
	if mib == 0 {
		mib = engine.DefaultTableMiB
	}
	if mib < 1 {
		return nil, invalidf("table of %d MiB: want 1 to %d MiB", mib, engine.MaxTableMiB())
	}
	if err := engine.CheckTableMiB(mib); err != nil {
		return nil, invalidf("table of %d MiB: %w", mib, err)
	}
	if threads < 1 || threads > engine.MaxThreads {
		return nil, invalidf("threads %d: want 1 to %d", threads, engine.MaxThreads)
	}
	e := &solverHandle{mib: mib}
	if useBook && openingbook.Applies() {
		b, err := openingbook.Book()
		if err != nil {
			return nil, fmt.Errorf("the embedded book: %w", err)
		}
		e.book = b
	}
	s, err := e.newSolver()
	if err != nil {
		return nil, err
	}
	s.SetThreads(threads)
	e.main = s
	return e, nil
}

// newSolver makes a solver of e's table size and book.
func (e *solverHandle) newSolver() (*engine.Solver, error) {
	s, err := engine.NewSolver(e.mib)
	if err != nil {
		return nil, fmt.Errorf("a table of %d MiB: %w", e.mib, err)
	}
	s.SetBook(e.book)
	return s, nil
}

// The tie-breaks of bestMove, numbered as the C API numbers them.
const (
	tieCentre   = 0
	tieLeftmost = 1
	tieRandom   = 2
)

// bestMove returns a best column (0-based) of p and its score.
func (e *solverHandle) bestMove(ctx context.Context, p board.Position, tie int, seed uint64) (int, board.Score, error) {
	var t engine.TieBreak
	switch tie {
	case tieCentre:
		t = engine.CentreFirst
	case tieLeftmost:
		t = engine.Leftmost
	case tieRandom:
		t = engine.SeededRandom(seed)
	default:
		return 0, 0, invalidf("tie-break %d: want %d (centre first), %d (leftmost) or %d (random)", tie, tieCentre, tieLeftmost, tieRandom)
	}
	if err := answer.CanMove(p); err != nil {
		return 0, 0, invalid(err)
	}
	c, v, err := e.main.BestMove(ctx, p, t)
	return c, v, stopped(ctx, err)
}

// solvable reads a move string as c4 solve and analyze do: refusing what
// the engine refuses and a game already won.
func solvable(moves string) (board.Position, error) {
	p, err := posfile.Position(moves)
	return p, invalid(err)
}

// A batch's work for each position, as the C API numbers it.
const (
	modeAnalyze = 0 // the score of every column: board.Width numbers
	modeSolve   = 1 // the position's score: one number
)

// outputs is the number of int32 a batch writes per position in mode.
func outputs(mode int) int {
	if mode == modeAnalyze {
		return board.Width
	}
	return 1
}

// score scores p with s: analysed or solved as mode says, weakly (outcomes
// only) when weak is set; out receives [outputs](mode) numbers, with
// [board.Invalid] for a full column.
func score(ctx context.Context, s *engine.Solver, p board.Position, mode int, weak bool, out []int32) error {
	if mode == modeAnalyze {
		analyze := s.Analyze
		if weak {
			analyze = s.AnalyzeWeak
		}
		scores, err := analyze(ctx, p)
		for col, v := range scores {
			out[col] = int32(v)
		}
		return stopped(ctx, err)
	}
	solve := s.Solve
	if weak {
		solve = s.SolveWeak
	}
	v, err := solve(ctx, p)
	out[0] = int32(v)
	return stopped(ctx, err)
}

// batch scores count positions, the i-th read by position(i), on workers
// threads (at most count), each with a solver of its own: the main solver
// and workers-1 others. out receives [outputs](mode) numbers per position.
// The first position that fails, by index, fails the batch, naming it.
func (e *solverHandle) batch(ctx context.Context, count, mode int, weak bool, workers int, position func(int) (board.Position, error), out []int32) error {
	errs, err := e.batchRows(ctx, count, mode, weak, workers, position, out)
	if err != nil {
		return err
	}
	for i, err := range errs {
		if err != nil {
			return fmt.Errorf("position %d of the batch (counted from 0): %w", i, err)
		}
	}
	return nil
}

// batchRows is batch's work: it returns each row's error, a masked row's
// (batchmask.go) among them, its outputs filled with [board.Invalid]; the
// first other error stops the batch. Its error is the batch's own (a bad
// mode or workers, no memory for a worker's table, the call stopped).
func (e *solverHandle) batchRows(ctx context.Context, count, mode int, weak bool, workers int, position func(int) (board.Position, error), out []int32) ([]error, error) {
	if mode != modeAnalyze && mode != modeSolve {
		return nil, invalidf("batch mode %d: want %d (analyze) or %d (solve)", mode, modeAnalyze, modeSolve)
	}
	if workers < 1 || workers > engine.MaxThreads {
		return nil, invalidf("workers %d: want 1 to %d", workers, engine.MaxThreads)
	}
	workers = max(1, min(workers, count))
	for len(e.workers) < workers-1 {
		s, err := e.newSolver()
		if err != nil {
			return nil, err
		}
		e.workers = append(e.workers, s)
	}
	n := outputs(mode)
	var next atomic.Int64
	errs := make([]error, count)
	var failed atomic.Bool
	var wg sync.WaitGroup
	for w := range workers {
		s := e.main
		if w > 0 {
			s = e.workers[w-1]
		}
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < count && !failed.Load(); i = int(next.Add(1) - 1) {
				row := out[i*n : (i+1)*n]
				errs[i] = scoreOne(ctx, s, position, i, mode, weak, row)
				if errs[i] != nil && !masked(errs[i], row) {
					failed.Store(true)
				}
			}
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, stoppedError{err}
	}
	return errs, nil
}

// scoreOne reads the i-th position of a batch and scores it, recovering a
// panic (on a worker's own goroutine, out of run's reach) as an error.
func scoreOne(ctx context.Context, s *engine.Solver, position func(int) (board.Position, error), i, mode int, weak bool, out []int32) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = internalError{r}
		}
	}()
	p, err := position(i)
	if err != nil {
		return err
	}
	return score(ctx, s, p, mode, weak, out)
}
