package main

// This file is the masked batch calls: a row of a batch that is not a
// position to score (a finished game, an illegal or a malformed row) gets
// a status and the full-column score in every output, instead of failing
// the batch, for datasets (the Python package's errors="mask").

/*
#include <stdint.h>
*/
import "C"

import (
	"context"
	"errors"
	"fmt"
	"unsafe"

	"github.com/fourgen/fourgen/engine/board"
)

// The status of each row of a masked batch, as the C API numbers them.
const (
	statusOK        = 0 // scored
	statusOver      = 1 // a finished game: won, or the board full; nothing to score
	statusIllegal   = 2 // well formed, but no game reaches it (a move into a full column or after a win; stones no game stacks)
	statusMalformed = 3 // not a position (a character that is not a column, a column off the board, a cell that is not 0, 1 or 2, a wrong size)
)

// maskedRow is the error of a row a masked batch skips: its status, and
// why.
type maskedRow struct {
	status int
	err    error
}

func (m maskedRow) Error() string { return m.err.Error() }

// masked fills out with [board.Invalid] and reports true when err is a
// maskedRow.
func masked(err error, out []int32) bool {
	if _, ok := errors.AsType[maskedRow](err); !ok {
		return false
	}
	for i := range out {
		out[i] = int32(board.Invalid)
	}
	return true
}

// rowStatus is the status of a row's outcome.
func rowStatus(err error) int32 {
	if m, ok := errors.AsType[maskedRow](err); ok {
		return int32(m.status)
	}
	return statusOK
}

// scorable refuses a finished game as a masked row.
func scorable(p board.Position) (board.Position, error) {
	if p.IsWon() || p.IsFull() {
		return p, maskedRow{statusOver, errors.New("the game is over")}
	}
	return p, nil
}

// maskedMoves reads a move string of a masked batch.
func maskedMoves(s string) (board.Position, error) {
	if _, _, err := board.ReadMoves(s, false); err != nil {
		return board.Position{}, maskedRow{statusMalformed, err}
	}
	p, err := board.Parse(s)
	if err != nil {
		return p, maskedRow{statusIllegal, err}
	}
	return scorable(p)
}

// maskedCells reads a board of cells of a masked batch.
func maskedCells(cells []int32) (board.Position, error) {
	if len(cells) != board.Cells {
		return board.Position{}, maskedRow{statusMalformed, errors.New("wrong size")}
	}
	for _, v := range cells {
		if v < 0 || v > 2 {
			return board.Position{}, maskedRow{statusMalformed, errors.New("not a cell")}
		}
	}
	g, err := fromCells(cells)
	if err != nil {
		return board.Position{}, maskedRow{statusIllegal, err}
	}
	return scorable(g.Position())
}

// putStatus returns the function that ends a masked batch with the rows'
// errors and the batch's: the batch's error, or the first row's that is
// not a masked row's (naming the row), or nil after writing each row's
// status into status.
func putStatus(status *C.int32_t, out []int32) func([]error, error) error {
	return func(errs []error, err error) error {
		if err != nil {
			return err
		}
		for i, err := range errs {
			if err != nil && rowStatus(err) == statusOK {
				return fmt.Errorf("position %d of the batch (counted from 0): %w", i, err)
			}
		}
		dst := unsafe.Slice((*int32)(unsafe.Pointer(status)), len(errs))
		for i, err := range errs {
			dst[i] = rowStatus(err)
		}
		return nil
	}
}

// fg_batch_moves_mask is fg_batch_moves that gives each row a status
// (count numbers into status: 0 scored, 1 a finished game, 2 illegal, 3
// malformed) instead of failing the batch; a row not scored has the
// full-column score in each of its outputs.
//
//export fg_batch_moves_mask
func fg_batch_moves_mask(handle C.int64_t, mode, weak, workers C.int32_t, data *C.char, ends *C.int64_t, count C.int64_t, out, status *C.int32_t, msg *C.char, msgCap C.int64_t) C.int {
	return done(msg, msgCap, func() error {
		dst, err := batchOut(out, count, mode)
		if err != nil || count == 0 {
			return err
		}
		if ends == nil || status == nil {
			return invalidf("ends or status: a null pointer")
		}
		position, err := moveRows(data, ends, count, maskedMoves)
		if err != nil {
			return err
		}
		return withBatch(handle, func(ctx context.Context, e *solverHandle) error {
			return putStatus(status, dst)(e.batchRows(ctx, int(count), int(mode), weak != 0, int(workers), position, dst))
		})
	})
}

// fg_batch_cells_mask is fg_batch_cells with a status per row, as
// fg_batch_moves_mask.
//
//export fg_batch_cells_mask
func fg_batch_cells_mask(handle C.int64_t, mode, weak, workers C.int32_t, cells *C.int32_t, count C.int64_t, out, status *C.int32_t, msg *C.char, msgCap C.int64_t) C.int {
	return done(msg, msgCap, func() error {
		dst, err := batchOut(out, count, mode)
		if err != nil || count == 0 {
			return err
		}
		if status == nil {
			return invalidf("status: a null pointer")
		}
		all, err := int32s(cells, count*board.Cells, maxBatch*board.Cells, "cells")
		if err != nil {
			return err
		}
		position := func(i int) (board.Position, error) {
			return maskedCells(all[i*board.Cells : (i+1)*board.Cells])
		}
		return withBatch(handle, func(ctx context.Context, e *solverHandle) error {
			return putStatus(status, dst)(e.batchRows(ctx, int(count), int(mode), weak != 0, int(workers), position, dst))
		})
	})
}
