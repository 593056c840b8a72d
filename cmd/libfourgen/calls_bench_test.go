package main

import (
	"testing"

	"github.com/fourgen/fourgen/engine/board"
)

// BenchmarkAnalyzeCall times fg_analyze on a position the book answers,
// called from Go (no cgo transition): the engine's and the boundary's
// checks' share of a Python call's time (python/bench.py times the whole).
func BenchmarkAnalyzeCall(b *testing.B) {
	var m cmem
	defer m.free()
	hp := m.out64(1)
	if code := fg_solver_new(0, 1, 1, hp, nil, 0); code != codeOK {
		b.Fatalf("fg_solver_new: code %d", code)
	}
	h := i64(int64At(hp))
	defer fg_solver_free(h, nil, 0)
	s, n := m.str("4453")
	out := m.out32(board.Width)
	msg, msgCap := m.buf(256)
	for b.Loop() {
		if code := fg_analyze(h, s, n, 0, 0, out, msg, msgCap); code != codeOK {
			b.Fatalf("fg_analyze: code %d %s", code, text(msg))
		}
	}
}
