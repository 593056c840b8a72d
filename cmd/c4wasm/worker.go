package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/answer"
)

// maxTableMiB is the largest table a worker accepts: a page may run four
// workers, and a phone has little memory.
const maxTableMiB = 256

// maxRequestBytes bounds a request: the longest is a merge of every
// column's part.
const maxRequestBytes = 4096

// request is one request of the page (see the package documentation).
type request struct {
	Op      string  `json:"op"`
	Pos     string  `json:"pos"`     // the position as a move string, or
	Columns []int   `json:"columns"` // as the columns played, counted from Base, or
	Base    *int    `json:"base"`    // 0 or 1 (absent: 1), for Columns
	Board   *string `json:"board"`   // as c4 --board reads it (see positionOf), or
	Text    *string `json:"text"`    // in any text form (see positionOf)
	Column  int     `json:"column"`  // 1-based, for op column
	Level   string  `json:"level"`   // for op move
	Seed    string  `json:"seed"`    // for op move, "" for a random one
	Parts   []part  `json:"parts"`   // for op merge
	Micros  int64   `json:"micros"`  // for op merge: the analysis's wall time
}

// part is the answer of op column: the score of playing one column and the
// work of finding it; op merge takes them back.
type part struct {
	Column int    `json:"column"` // 1-based
	Score  int    `json:"score"`
	Nodes  uint64 `json:"nodes"`
	Micros int64  `json:"micros"`
}

// worker answers the requests of one Web Worker with its own solver.
type worker struct {
	solver *engine.Solver
	book   *engine.Book // nil for none
}

// newWorker returns a worker with a table of tableMiB MiB (1 to
// maxTableMiB) and the opening book book (nil for none).
func newWorker(tableMiB int, book *engine.Book) (*worker, error) {
	if tableMiB < 1 || tableMiB > maxTableMiB {
		return nil, fmt.Errorf("a table of %d MiB: want 1 to %d MiB", tableMiB, maxTableMiB)
	}
	s, err := engine.NewSolver(tableMiB)
	if err != nil {
		return nil, err
	}
	s.SetBook(book)
	return &worker{solver: s, book: book}, nil
}

// handle answers one request, given as JSON: the status (200, 400 for a
// refused request, 500) and the answer's JSON. progress gets the JSON of
// each progress event of a long analysis.
func (w *worker) handle(body []byte, progress func([]byte)) (int, []byte) {
	return reply(w.answer(body, progress))
}

// reply is the status and JSON of the answer v, or of the error err.
func reply(v any, err error) (int, []byte) {
	if err == nil {
		j, err := json.Marshal(v)
		if err == nil {
			return 200, j
		}
		return 500, []byte(`{"error":"cannot encode the answer"}`)
	}
	status := 500
	if _, ok := errors.AsType[*answer.Refusal](err); ok {
		status = 400
	}
	j, _ := json.Marshal(answer.ErrorOf(err)) // strings and an int: cannot fail
	return status, j
}

// answer returns the answer of the request body.
func (w *worker) answer(body []byte, progress func([]byte)) (any, error) {
	if len(body) > maxRequestBytes {
		return nil, answer.Refusef("request too long: %d bytes (at most %d)", len(body), maxRequestBytes)
	}
	var r request
	if err := json.Unmarshal(body, &r); err != nil {
		return nil, answer.Refusef("bad request: %v", err)
	}
	if r.Op == "version" {
		return versionOf(), nil
	}
	moves, p, err := positionOf(r)
	if err != nil {
		return nil, err
	}
	r.Pos = moves
	ctx := context.Background() // the page stops a request by ending the worker
	switch r.Op {
	case "inspect":
		return answer.NewInspected(r.Pos, p), nil
	case "analyze":
		return w.analyze(ctx, r.Pos, p, progress)
	case "column":
		return w.column(ctx, p, r.Column, progress)
	case "merge":
		return merge(r, p)
	case "move":
		return w.move(ctx, r, p)
	case "solve", "solveWeak":
		return w.solve(ctx, r.Op, r.Pos, p, progress)
	case "scores":
		return w.scores(ctx, r.Pos, p, progress)
	case "bestMove":
		return w.bestMove(ctx, r.Pos, p, progress)
	}
	return nil, answer.Refusef("bad op %q: want inspect, analyze, column, merge, move, solve, solveWeak, scores, bestMove or version", r.Op)
}

// analyze is /api/analyze with its progress events.
func (w *worker) analyze(ctx context.Context, moves string, p board.Position, progress func([]byte)) (*answer.Analysis, error) {
	a, done := answer.NewAnalysis(moves, p)
	if done {
		return a, nil
	}
	w.solver.SetProgress(progressTo(progress))
	defer w.solver.SetProgress(nil)
	return a, a.Solve(ctx, w.solver, p)
}

// column scores one column of p, with its progress events.
func (w *worker) column(ctx context.Context, p board.Position, col int, progress func([]byte)) (part, error) {
	if col < 1 || col > board.Width {
		return part{}, answer.Refusef("bad column %d: want 1 to %d", col, board.Width)
	}
	if err := answer.CanMove(p); err != nil {
		return part{}, err
	}
	w.solver.SetProgress(progressTo(progress))
	defer w.solver.SetProgress(nil)
	v, err := w.solver.AnalyzeColumn(ctx, p, col-1)
	if err != nil {
		return part{}, err
	}
	st := w.solver.Stats()
	return part{Column: col, Score: int(v), Nodes: st.Nodes, Micros: st.Elapsed.Microseconds()}, nil
}

// merge makes the analysis of p from the scores of its columns, one part
// for each column that can be played, solved apart.
func merge(r request, p board.Position) (*answer.Analysis, error) {
	a, done := answer.NewAnalysis(r.Pos, p)
	if done {
		return a, nil
	}
	var scores [board.Width]board.Score
	var seen [board.Width]bool
	var nodes uint64
	for _, pt := range r.Parts {
		col := pt.Column - 1
		switch {
		case col < 0 || col >= board.Width:
			return nil, answer.Refusef("bad part: column %d: want 1 to %d", pt.Column, board.Width)
		case seen[col]:
			return nil, answer.Refusef("bad parts: column %d given twice", pt.Column)
		case !p.CanPlay(col):
			return nil, answer.Refusef("bad part: column %d is full", pt.Column)
		case pt.Score < -board.Cells || pt.Score > board.Cells:
			return nil, answer.Refusef("bad part: column %d scores %d: want %d to %d", pt.Column, pt.Score, -board.Cells, board.Cells)
		}
		seen[col], scores[col] = true, board.Score(pt.Score)
		nodes += pt.Nodes
	}
	for col := range board.Width {
		switch {
		case !p.CanPlay(col):
			scores[col] = board.Invalid
		case !seen[col]:
			return nil, answer.Refusef("bad parts: column %d missing", col+1)
		}
	}
	if r.Micros < 0 {
		return nil, answer.Refusef("bad micros %d: want 0 or more", r.Micros)
	}
	a.SetScores(p, scores, engine.Stats{Nodes: nodes, Elapsed: time.Duration(r.Micros) * time.Microsecond})
	return a, nil
}

// move is /api/move: the agent's move, with a table of its own.
func (w *worker) move(ctx context.Context, r request, p board.Position) (*answer.Move, error) {
	seed, err := answer.Seed(r.Seed)
	if err != nil {
		return nil, err
	}
	ag, err := answer.NewAgent(r.Level, seed, w.book)
	if err != nil {
		return nil, err
	}
	if err := answer.CanMove(p); err != nil {
		return nil, err
	}
	return answer.PlayAgent(ctx, ag, seed, r.Pos, p)
}

// progressTo returns the progress function of a solver that passes each
// event's JSON on to f (nil: none).
func progressTo(f func([]byte)) func(engine.Progress) {
	if f == nil {
		return nil
	}
	return func(pr engine.Progress) {
		j, _ := json.Marshal(answer.ProgressOf(pr)) // ints only: cannot fail
		f(j)
	}
}
