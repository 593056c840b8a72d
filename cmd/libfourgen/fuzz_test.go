package main

import (
	"encoding/binary"
	"testing"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/movetest"
	"github.com/fourgen/fourgen/internal/reftest"
)

// quick reports whether moves is a position the solver answers at once
// (from the book, which is of the classic board only, or near the end), or
// one it refuses: the fuzz target solves only those, so that an input never
// means a long search, at any size.
func quick(moves []byte) bool {
	p, err := board.Parse(movetest.Fixture(string(moves)))
	booked := board.Width == reftest.ClassicWidth && board.Height == reftest.ClassicHeight && p.Moves() <= 8
	return err != nil || booked || p.Moves() >= board.Cells-12
}

// numbers reads data as little-endian int32s.
func numbers(data []byte) []int32 {
	v := make([]int32, len(data)/4)
	for i := range v {
		v[i] = int32(binary.LittleEndian.Uint32(data[4*i:]))
	}
	return v
}

// FuzzCalls feeds arbitrary bytes and numbers to every call of the C API,
// with null buffers when the flags say so, and fails on a code other than
// 0, 1 or 2: a panic would be codeInternal, a crash ends the run.
func FuzzCalls(f *testing.F) {
	f.Add([]byte("4453"), int64(3), int32(1), uint8(0))
	f.Add([]byte("4453x"), int64(-1), int32(7), uint8(1))
	f.Add([]byte(" . . . . . . .\n"), int64(1<<40), int32(-1), uint8(2))
	f.Add([]byte(`{"configuration":{"rows":6,"columns":7,"inarow":4},"state":{"observation":{"board":[0,0],"mark":1}}}`), int64(0), int32(0), uint8(3))
	f.Add([]byte{0xff, 0xfe, 0, 1, 2, 3, 4, 5}, int64(1), int32(2), uint8(255))
	var shared cmem
	hp := shared.out64(1)
	if code := fg_solver_new(1, 1, 1, hp, nil, 0); code != codeOK {
		f.Fatalf("fg_solver_new: code %d", code)
	}
	sh := int64At(hp)
	greedyName, gn := shared.str("greedy")
	if code := fg_agent_new(greedyName, gn, 1, 1, hp, nil, 0); code != codeOK {
		f.Fatalf("fg_agent_new: code %d", code)
	}
	ah := int64At(hp)
	f.Fuzz(func(t *testing.T, data []byte, a int64, c int32, flags uint8) {
		var m cmem
		defer m.free()
		msg, msgCap := m.buf(96)
		check := func(name string, code cint) {
			t.Helper()
			if code < 0 || code > codeFailed {
				t.Fatalf("%s: code %d: %s", name, code, text(msg))
			}
		}
		s, n := m.str(string(data))
		nums, nn := m.ints(numbers(data))
		out, outCap := m.buf(int(flags)%64 + 1)
		info := m.out32(infoLen)
		if flags&1 != 0 {
			info = nil
		}
		check("fg_board_moves", fg_board_moves(s, n, out, outCap, info, msg, msgCap))
		check("fg_board_moves_base", fg_board_moves_base(s, n, i32(int(c%3)), out, outCap, info, msg, msgCap))
		check("fg_board_text", fg_board_text(s, n, out, outCap, info, msg, msgCap))
		check("fg_board_columns", fg_board_columns(nums, nn, i32(int(c)), out, outCap, info, msg, msgCap))
		check("fg_board_cells", fg_board_cells(nums, nn, out, outCap, info, msg, msgCap))
		check("fg_board_play", fg_board_play(s, n, i32(int(c)), out, outCap, info, msg, msgCap))
		check("fg_board_show", fg_board_show(s, n, out, outCap, msg, msgCap))
		check("fg_solver_stats", fg_solver_stats(i64(a), m.out64(4), msg, msgCap))
		if quick(data) {
			scores := m.out32(board.Width)
			if flags&2 != 0 {
				scores = nil
			}
			check("fg_analyze", fg_analyze(i64(sh), s, n, i32(int(flags>>2&1)), 0, scores, msg, msgCap))
			check("fg_solve", fg_solve(i64(sh), s, n, i32(int(flags>>3&1)), 0, scores, msg, msgCap))
			check("fg_best_move", fg_best_move(i64(sh), s, n, i32(int(c)), u64(uint64(a)), 0, m.out32(1), m.out32(1), msg, msgCap))
			count := int64(flags % 4)
			ends := make([]int64, count)
			for i := range ends {
				ends[i] = int64(len(data)) * int64(i+1) / max(count, 1)
			}
			if a%3 == 0 && count > 1 {
				ends[0] = ends[count-1] - a%(ends[count-1]+1) // offsets out of order; never past the data
			}
			check("fg_batch_moves", fg_batch_moves(i64(sh), i32(int(c%3)), 0, i32(int(flags%3)), s, m.int64s(ends), i64(count), m.out32(int(count)*board.Width), msg, msgCap))
			check("fg_batch_cells", fg_batch_cells(i64(sh), i32(int(c%3)), 0, 1, nums, i64(int64(len(numbers(data))/board.Cells)), m.out32(len(data)), msg, msgCap))
			check("fg_batch_moves_mask", fg_batch_moves_mask(i64(sh), i32(int(c%3)), 0, i32(int(flags%3)), s, m.int64s(ends), i64(count), m.out32(int(count)*board.Width), m.out32(int(count)), msg, msgCap))
			check("fg_batch_cells_mask", fg_batch_cells_mask(i64(sh), i32(int(c%3)), 0, 1, nums, i64(int64(len(numbers(data))/board.Cells)), m.out32(len(data)), m.out32(len(data)), msg, msgCap))
			check("fg_solver_cancel", fg_solver_cancel(i64(a), msg, msgCap))
			check("fg_agent_move", fg_agent_move(i64(ah), s, n, 0, m.out32(1), msg, msgCap))
			check("fg_agent_cancel", fg_agent_cancel(i64(a), msg, msgCap))
		}
		check("fg_agent_act", fg_agent_act(i64(ah), s, n, m.out32(1), msg, msgCap))
		if mib := int(a); mib < 1 || mib > engine.MaxTableMiB() || mib <= 2 {
			h := m.out64(1)
			if fg_solver_new(i32(mib), i32(int(c)), 1, h, msg, msgCap) == codeOK {
				check("fg_solver_free", fg_solver_free(i64(int64At(h)), msg, msgCap))
			}
		}
		if a != sh && a != ah {
			check("fg_solver_free", fg_solver_free(i64(a), msg, msgCap))
			check("fg_agent_free", fg_agent_free(i64(a), msg, msgCap))
			check("fg_solver_reset", fg_solver_reset(i64(a), msg, msgCap))
		}
		if len(data) < 16 && (len(data) < 5 || string(data[:5]) != "mcts:") {
			h := m.out64(1)
			if fg_agent_new(s, n, u64(uint64(a)), 1, h, msg, msgCap) == codeOK {
				check("fg_agent_free", fg_agent_free(i64(int64At(h)), msg, msgCap))
			}
		}
	})
}
