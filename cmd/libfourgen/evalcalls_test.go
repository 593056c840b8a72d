package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine/agent"
	"github.com/fourgen/fourgen/engine/openingbook"
	"github.com/fourgen/fourgen/internal/eval"
	"github.com/fourgen/fourgen/internal/evalset"
	"github.com/fourgen/fourgen/internal/solvertest"
)

// TestEvalset: fg_evalset writes the shipped set as JSON, its size first.
func TestEvalset(t *testing.T) {
	if !openingbook.Applies() {
		t.Skip("the shipped evaluation set is of the 7x6 board")
	}
	var m cmem
	defer m.free()
	size := m.out64(1)
	msg, msgCap := m.buf(256)
	if code := fg_evalset(nil, 0, size, msg, msgCap); code != codeOK {
		t.Fatalf("fg_evalset(null): code %d %q", code, text(msg))
	}
	n := int(int64At(size))
	out, outCap := m.buf(n)
	if code := fg_evalset(out, outCap, size, msg, msgCap); code != codeOK {
		t.Fatalf("fg_evalset: code %d %q", code, text(msg))
	}
	var got setJSON
	if err := json.Unmarshal([]byte(text(out)), &got); err != nil {
		t.Fatal(err)
	}
	set, err := evalset.Shipped()
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Cells) != evalset.CellCount() || got.PerCell != set.PerCell || got.Board != "7x6" || len(got.Stages) != 3 {
		t.Fatalf("fg_evalset: %d cells of %d, board %s, stages %v", len(got.Cells), got.PerCell, got.Board, got.Stages)
	}
	for i, c := range got.Cells {
		if len(c.Positions) != set.PerCell || c.Positions[0][0] != set.Cell(i)[0].Moves || c.Name != evalset.CellName(i) {
			t.Errorf("cell %d: %s, %d positions, the first %v", i, c.Name, len(c.Positions), c.Positions[0])
		}
	}
	small, smallCap := m.buf(n - 1)
	if code := fg_evalset(small, smallCap, size, msg, msgCap); code != codeInvalid || !strings.Contains(text(msg), "bytes of room") {
		t.Errorf("fg_evalset into %d bytes: code %d %q", n-1, code, text(msg))
	}
	if code := fg_evalset(nil, 0, nil, msg, msgCap); code != codeInvalid {
		t.Errorf("fg_evalset with no size: code %d %q", code, text(msg))
	}
}

// TestEvaluate: fg_evaluate's report of a built-in agent on the first
// positions of each cell of the shipped set is the report of the same
// agent on the same positions solved at eval time, as c4 eval FILE does.
func TestEvaluate(t *testing.T) {
	if !openingbook.Applies() {
		t.Skip("the shipped evaluation set is of the 7x6 board")
	}
	var m cmem
	defer m.free()
	const limit = 4
	spec, sn := m.str("level3")
	out, outCap := m.buf(1 << 16)
	msg, msgCap := m.buf(256)
	if code := fg_evaluate(spec, sn, 1, 8, limit, out, outCap, msg, msgCap); code != codeOK {
		t.Fatalf("fg_evaluate: code %d %q", code, text(msg))
	}
	set, err := evalset.Shipped()
	if err != nil {
		t.Fatal(err)
	}
	var positions []eval.Position
	for i := range evalset.CellCount() {
		for _, p := range set.Cell(i)[:limit] {
			p.Scores = nil // solved, not read from the labels
			positions = append(positions, p)
		}
	}
	b, _ := openingbook.Book()
	a, err := agent.New("level3", agent.Options{Seed: 1, Book: b})
	if err != nil {
		t.Fatal(err)
	}
	s := solvertest.New(t, 8)
	s.SetBook(b)
	reports, err := eval.Evaluate(context.Background(), []agent.Agent{a}, s, positions, eval.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	if err := eval.WriteReports(&want, reports, eval.JSON); err != nil {
		t.Fatal(err)
	}
	if text(out) != want.String() {
		t.Errorf("fg_evaluate:\n%s\nwant\n%s", text(out), want.String())
	}
	for _, tt := range []struct {
		spec  string
		limit int
		want  string
	}{
		{"level9", 0, "level9"},
		{"level3", -1, "limit -1"},
	} {
		spec, sn := m.str(tt.spec)
		if code := fg_evaluate(spec, sn, 1, 8, cint32(tt.limit), out, outCap, msg, msgCap); code != codeInvalid || !strings.Contains(text(msg), tt.want) {
			t.Errorf("fg_evaluate(%s, limit %d): code %d %q; want a refusal saying %q", tt.spec, tt.limit, code, text(msg), tt.want)
		}
	}
}

// FuzzEvalCalls feeds fg_evaluate any spec and limit (at most 1 position a
// cell, so that each input stays quick) and fg_evalset any room: each
// answers or refuses, with a message, never a crash.
func FuzzEvalCalls(f *testing.F) {
	for _, spec := range []string{"greedy", "level1", "mcts:0", "cmd:true", "", "\x00", "random"} {
		f.Add(spec, int32(1), int64(10))
	}
	f.Fuzz(func(t *testing.T, spec string, limit int32, room int64) {
		var m cmem
		defer m.free()
		msg, msgCap := m.buf(256)
		s, n := m.str(spec)
		out, outCap := m.buf(1 << 16)
		code := fg_evaluate(s, n, 1, 1, cint32(min(limit, 1)), out, outCap, msg, msgCap)
		if code != codeOK && (code != codeInvalid || text(msg) == "") {
			t.Errorf("fg_evaluate(%q, %d): code %d %q", spec, limit, code, text(msg))
		}
		room = min(max(room, 0), 1<<10)
		small, smallCap := m.buf(int(room) + 1)
		if code := fg_evalset(small, smallCap-cint64(1), m.out64(1), msg, msgCap); code != codeInvalid || text(msg) == "" {
			t.Errorf("fg_evalset into %d bytes: code %d %q; want a refusal (the set is larger)", room, code, text(msg))
		}
	})
}
