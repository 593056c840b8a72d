package main

// This file is the C API's calls of solvers (see boardcalls.go).

/*
#include <stdint.h>
*/
import "C"

import (
	"context"
	"time"
	"unsafe"

	"github.com/fourgen/fourgen/engine/board"
)

// fg_solver_new makes a solver with a table of tableMiB MiB (0: the
// default), searching one position with threads threads, answering from
// the embedded book unless book is 0, and writes its handle.
//
//export fg_solver_new
func fg_solver_new(tableMiB, threads, book C.int32_t, handle *C.int64_t, msg *C.char, msgCap C.int64_t) C.int {
	return done(msg, msgCap, func() error {
		return newHandle(handle, &solvers, func() (*solverHandle, error) {
			return newEngine(int(tableMiB), int(threads), book != 0)
		})
	})
}

// fg_solver_free frees a solver, once the calls on it have ended.
//
//export fg_solver_free
func fg_solver_free(handle C.int64_t, msg *C.char, msgCap C.int64_t) C.int {
	return done(msg, msgCap, func() error {
		_, err := solvers.free(int64(handle))
		return err
	})
}

// fg_solver_reset empties a solver's transposition tables.
//
//export fg_solver_reset
func fg_solver_reset(handle C.int64_t, msg *C.char, msgCap C.int64_t) C.int {
	return done(msg, msgCap, func() error {
		return solvers.with(int64(handle), func(e *solverHandle) error {
			e.main.Reset()
			for _, w := range e.workers {
				w.Reset()
			}
			return nil
		})
	})
}

// fg_solver_stats writes the work of the solver's last single call: nodes,
// nanoseconds, book hits, book misses.
//
//export fg_solver_stats
func fg_solver_stats(handle C.int64_t, out *C.int64_t, msg *C.char, msgCap C.int64_t) C.int {
	return done(msg, msgCap, func() error {
		return solvers.with(int64(handle), func(e *solverHandle) error {
			if out == nil {
				return invalidf("out: a null pointer")
			}
			st := e.main.Stats()
			dst := (*[4]C.int64_t)(unsafe.Pointer(out))
			dst[0], dst[1], dst[2], dst[3] = C.int64_t(st.Nodes), C.int64_t(st.Elapsed), C.int64_t(st.BookHits), C.int64_t(st.BookMisses)
			return nil
		})
	})
}

// withPosition reads a move string with parse (solvable as c4 solve
// does, or parseMoves) and calls f with the solver of handle, the
// position and the call's context (stopped by fg_solver_cancel, or after
// budgetMicros µs when positive), holding the solver's lock.
func withPosition(handle C.int64_t, moves *C.char, n C.int64_t, budgetMicros C.int64_t, parse func(string) (board.Position, error), f func(context.Context, *solverHandle, board.Position) error) error {
	_, p, err := readPosition(moves, n, parse)
	if err != nil {
		return err
	}
	return solvers.with(int64(handle), func(e *solverHandle) error {
		ctx, end := solverCalls.start(int64(handle), time.Duration(budgetMicros)*time.Microsecond)
		defer end()
		return f(ctx, e, p)
	})
}

// fg_solve writes the exact score of a move string's position (its outcome,
// 1, 0 or -1, when weak is not 0), stopping (code 4) after budgetMicros µs
// when positive.
//
//export fg_solve
func fg_solve(handle C.int64_t, moves *C.char, n C.int64_t, weak C.int32_t, budgetMicros C.int64_t, out *C.int32_t, msg *C.char, msgCap C.int64_t) C.int {
	return done(msg, msgCap, func() error {
		dst, err := outInt32s(out, 1, "out")
		if err != nil {
			return err
		}
		return withPosition(handle, moves, n, budgetMicros, solvable, func(ctx context.Context, e *solverHandle, p board.Position) error {
			return score(ctx, e.main, p, modeSolve, weak != 0, dst)
		})
	})
}

// fg_analyze writes the score of playing each column (the board's width
// of numbers; the full-column score for a full one), stopping as fg_solve.
//
//export fg_analyze
func fg_analyze(handle C.int64_t, moves *C.char, n C.int64_t, weak C.int32_t, budgetMicros C.int64_t, out *C.int32_t, msg *C.char, msgCap C.int64_t) C.int {
	return done(msg, msgCap, func() error {
		dst, err := outInt32s(out, board.Width, "out")
		if err != nil {
			return err
		}
		return withPosition(handle, moves, n, budgetMicros, solvable, func(ctx context.Context, e *solverHandle, p board.Position) error {
			return score(ctx, e.main, p, modeAnalyze, weak != 0, dst)
		})
	})
}

// fg_best_move writes a best column (0-based) and its score, choosing among
// equal ones by tie (0 centre first, 1 leftmost, 2 at random from seed),
// stopping as fg_solve.
//
//export fg_best_move
func fg_best_move(handle C.int64_t, moves *C.char, n C.int64_t, tie C.int32_t, seed C.uint64_t, budgetMicros C.int64_t, col, scoreOut *C.int32_t, msg *C.char, msgCap C.int64_t) C.int {
	return done(msg, msgCap, func() error {
		if col == nil || scoreOut == nil {
			return invalidf("out: a null pointer")
		}
		return withPosition(handle, moves, n, budgetMicros, parseMoves, func(ctx context.Context, e *solverHandle, p board.Position) error {
			c, v, err := e.bestMove(ctx, p, int(tie), uint64(seed))
			if err != nil {
				return err
			}
			*col, *scoreOut = C.int32_t(c), C.int32_t(v)
			return nil
		})
	})
}

// withBatch calls f with the solver of handle and a context fg_solver_cancel
// stops, holding the solver's lock.
func withBatch(handle C.int64_t, f func(context.Context, *solverHandle) error) error {
	return solvers.with(int64(handle), func(e *solverHandle) error {
		ctx, end := solverCalls.start(int64(handle), 0)
		defer end()
		return f(ctx, e)
	})
}

// batchOut is the room of a batch's results: count positions of mode.
func batchOut(out *C.int32_t, count C.int64_t, mode C.int32_t) ([]int32, error) {
	if count < 0 || count > maxBatch {
		return nil, invalidf("batch of %d positions: want 0 to %d", count, maxBatch)
	}
	return outInt32s(out, int(count)*outputs(int(mode)), "out")
}

// moveRows is the reader of the i-th of count move strings,
// data[ends[i-1]:ends[i]] (ends[-1] being 0), with parse; data must hold
// ends[count-1] bytes. count is at least 1.
func moveRows(data *C.char, ends *C.int64_t, count C.int64_t, parse func(string) (board.Position, error)) (func(int) (board.Position, error), error) {
	if ends == nil {
		return nil, invalidf("ends: a null pointer")
	}
	offsets := unsafe.Slice((*int64)(unsafe.Pointer(ends)), int(count))
	size := offsets[count-1]
	if size < 0 || size > maxBatch*maxInputBytes || size > 0 && data == nil {
		return nil, invalidf("data: %d bytes at %p", size, data)
	}
	bytes := unsafe.Slice((*byte)(unsafe.Pointer(data)), int(size))
	return func(i int) (board.Position, error) {
		start := int64(0)
		if i > 0 {
			start = offsets[i-1]
		}
		if start < 0 || offsets[i] < start || offsets[i] > size || offsets[i]-start > maxInputBytes {
			return board.Position{}, invalidf("ends[%d] = %d after %d: want an offset from %d to %d", i, offsets[i], start, start, min(size, start+maxInputBytes))
		}
		return parse(string(bytes[start:offsets[i]]))
	}, nil
}

// fg_batch_moves scores count move strings, data[ends[i-1]:ends[i]] the
// i-th (ends[-1] being 0), on workers threads: mode 0 analyses each
// (the board's width of numbers per position), mode 1 solves it (one).
// data must hold ends[count-1] bytes: the last offset is its size.
//
//export fg_batch_moves
func fg_batch_moves(handle C.int64_t, mode, weak, workers C.int32_t, data *C.char, ends *C.int64_t, count C.int64_t, out *C.int32_t, msg *C.char, msgCap C.int64_t) C.int {
	return done(msg, msgCap, func() error {
		dst, err := batchOut(out, count, mode)
		if err != nil || count == 0 {
			return err
		}
		position, err := moveRows(data, ends, count, solvable)
		if err != nil {
			return err
		}
		return withBatch(handle, func(ctx context.Context, e *solverHandle) error {
			return e.batch(ctx, int(count), int(mode), weak != 0, int(workers), position, dst)
		})
	})
}

// fg_batch_cells is fg_batch_moves for boards given as cells (count boards
// of the board's cell count each, as fg_board_cells reads one).
//
//export fg_batch_cells
func fg_batch_cells(handle C.int64_t, mode, weak, workers C.int32_t, cells *C.int32_t, count C.int64_t, out *C.int32_t, msg *C.char, msgCap C.int64_t) C.int {
	return done(msg, msgCap, func() error {
		dst, err := batchOut(out, count, mode)
		if err != nil || count == 0 {
			return err
		}
		all, err := int32s(cells, count*board.Cells, maxBatch*board.Cells, "cells")
		if err != nil {
			return err
		}
		position := func(i int) (board.Position, error) {
			g, err := fromCells(all[i*board.Cells : (i+1)*board.Cells])
			if err != nil {
				return board.Position{}, err
			}
			return solvable(g.String())
		}
		return withBatch(handle, func(ctx context.Context, e *solverHandle) error {
			return e.batch(ctx, int(count), int(mode), weak != 0, int(workers), position, dst)
		})
	})
}
