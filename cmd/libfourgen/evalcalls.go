package main

// This file is the C API's calls of the shipped evaluation set (package
// evalset): the set itself, for callers that judge their own agents, and
// the report of a built-in agent on it, as c4 eval prints it.

/*
#include <stdint.h>
*/
import "C"

import (
	"bytes"
	"context"
	"encoding/json"
	"sync"

	"github.com/fourgen/fourgen/engine/agent"

	"github.com/fourgen/fourgen/internal/eval"
	"github.com/fourgen/fourgen/internal/evalset"
)

// setJSON is the shipped set as fg_evalset writes it.
type setJSON struct {
	Board        string     `json:"board"`
	Seed         uint64     `json:"seed"`
	PerCell      int        `json:"perCell"`
	Stages       []string   `json:"stages"`
	Difficulties []string   `json:"difficulties"`
	Cells        []cellJSON `json:"cells"`
}

// cellJSON is one cell of the set: its name ("L1_R3"), its row and column
// of c4 eval's table (0 to 2) and its positions, each [moves, stones,
// [score of each column]].
type cellJSON struct {
	Name       string   `json:"name"`
	Stage      int      `json:"stage"`
	Difficulty int      `json:"difficulty"`
	Positions  [][3]any `json:"positions"`
}

// shippedJSON is the shipped set as JSON, made at the first call.
var shippedJSON = sync.OnceValues(makeShippedJSON)

// makeShippedJSON encodes the shipped set.
func makeShippedJSON() ([]byte, error) {
	set, err := evalset.Shipped()
	if err != nil {
		return nil, invalidf("the shipped evaluation set: %w", err)
	}
	stages, diffs := eval.TableNames()
	out := setJSON{Board: evalset.Board(), Seed: set.Seed, PerCell: set.PerCell, Stages: stages, Difficulties: diffs}
	for i := range evalset.CellCount() {
		c := cellJSON{Name: evalset.CellName(i)}
		for k, p := range set.Cell(i) {
			if k == 0 {
				c.Stage, c.Difficulty = eval.Cell(p.Pos.Moves(), evalset.Best(p))
			}
			c.Positions = append(c.Positions, [3]any{p.Moves, p.Pos.Moves(), p.Scores[:]})
		}
		out.Cells = append(out.Cells, c)
	}
	return json.Marshal(out)
}

// fg_evalset writes the shipped evaluation set as JSON (NUL-terminated)
// into out, and its size with the NUL into *size; with out null it only
// writes the size. The JSON holds the board ("7x6"), the seed, perCell,
// the names of the stages and difficulties of c4 eval's table, and the
// cells in order, each with its name ("L1_R3"), stage and difficulty (0 to
// 2) and positions: [moves, stones, [score of each column, -1000 for a
// full one]].
//
//export fg_evalset
func fg_evalset(out *C.char, outCap C.int64_t, size *C.int64_t, msg *C.char, msgCap C.int64_t) C.int {
	return done(msg, msgCap, func() error {
		if size == nil {
			return invalidf("size: a null pointer")
		}
		data, err := shippedJSON()
		if err != nil {
			return err
		}
		*size = C.int64_t(len(data) + 1)
		if out == nil {
			return nil
		}
		return putString(out, outCap, string(data), "out")
	})
}

// fg_evaluate evaluates the built-in agent spec (seeded by seed, with a
// table of tableMiB MiB, 0 the default) on the shipped set, the first
// limit positions of each cell (0: all), and writes its report as c4 eval
// --json prints it (NUL-terminated) into out: the same report as c4 eval
// SPEC --seed SEED --limit LIMIT --json.
//
//export fg_evaluate
func fg_evaluate(spec *C.char, n C.int64_t, seed C.uint64_t, tableMiB C.int32_t, limit C.int32_t, out *C.char, outCap C.int64_t, msg *C.char, msgCap C.int64_t) C.int {
	return done(msg, msgCap, func() error {
		s, err := goString(spec, n, "spec")
		if err != nil {
			return err
		}
		if limit < 0 {
			return invalidf("limit %d: want 0 (all) or more", limit)
		}
		pl, err := newPlayer(s, uint64(seed), int(tableMiB))
		if err != nil {
			return err
		}
		set, err := evalset.Shipped()
		if err != nil {
			return invalidf("the shipped evaluation set: %w", err)
		}
		var positions []eval.Position
		for i := range evalset.CellCount() {
			ps := set.Cell(i)
			if limit > 0 {
				ps = ps[:min(int(limit), len(ps))]
			}
			positions = append(positions, ps...)
		}
		reports, err := eval.Evaluate(context.Background(), []agent.Agent{pl.a}, nil, positions, eval.Options{})
		if err != nil {
			return err
		}
		var b bytes.Buffer
		if err := eval.WriteReports(&b, reports, eval.JSON); err != nil {
			return err
		}
		return putString(out, outCap, b.String(), "out")
	})
}
