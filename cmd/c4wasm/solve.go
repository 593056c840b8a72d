// This file holds the requests of the npm package (npm/): a position's
// score, outcome, every column's score and a best move, as c4 solve,
// c4 solve --weak, c4 analyze and the perfect agent give them, and the
// engine's version.

package main

import (
	"context"
	"runtime/debug"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/answer"
	"github.com/fourgen/fourgen/internal/buildinfo"
)

// solved is the answer of ops solve and solveWeak: the score (or the
// outcome, 1, 0 or -1) of a position, as c4 solve prints it, and the work
// of finding it.
type solved struct {
	Pos    string `json:"pos"`
	Score  int    `json:"score"`
	Nodes  uint64 `json:"nodes"`
	Micros int64  `json:"micros"`
}

// solve scores p (op solve) or finds its outcome (op solveWeak), keeping
// the table from one request to the next as c4 bench does.
func (w *worker) solve(ctx context.Context, op, moves string, p board.Position, progress func([]byte)) (solved, error) {
	if err := notWon(p); err != nil {
		return solved{}, err
	}
	solve := w.solver.Solve
	if op == "solveWeak" {
		solve = w.solver.SolveWeak
	}
	w.solver.SetProgress(progressTo(progress))
	defer w.solver.SetProgress(nil)
	v, err := solve(ctx, p)
	if err != nil {
		return solved{}, err
	}
	st := w.solver.Stats()
	return solved{Pos: moves, Score: int(v), Nodes: st.Nodes, Micros: st.Elapsed.Microseconds()}, nil
}

// scored is the answer of op scores: the score of playing each column, as
// c4 analyze prints them, null for a full column.
type scored struct {
	Pos    string `json:"pos"`
	Scores []*int `json:"scores"`
	Nodes  uint64 `json:"nodes"`
	Micros int64  `json:"micros"`
}

// scores scores every column of p.
func (w *worker) scores(ctx context.Context, moves string, p board.Position, progress func([]byte)) (scored, error) {
	if err := notWon(p); err != nil {
		return scored{}, err
	}
	w.solver.SetProgress(progressTo(progress))
	defer w.solver.SetProgress(nil)
	scores, err := w.solver.Analyze(ctx, p)
	if err != nil {
		return scored{}, err
	}
	st := w.solver.Stats()
	a := scored{Pos: moves, Scores: make([]*int, board.Width), Nodes: st.Nodes, Micros: st.Elapsed.Microseconds()}
	for col, v := range scores {
		if v != board.Invalid {
			n := int(v)
			a.Scores[col] = &n
		}
	}
	return a, nil
}

// best is the answer of op bestMove: a best column of a position, the
// nearest the centre among equals, and its score.
type best struct {
	Pos    string `json:"pos"`
	Column int    `json:"column"` // 1-based
	Score  int    `json:"score"`
	Nodes  uint64 `json:"nodes"`
	Micros int64  `json:"micros"`
}

// bestMove finds a best column of p.
func (w *worker) bestMove(ctx context.Context, moves string, p board.Position, progress func([]byte)) (best, error) {
	if err := answer.CanMove(p); err != nil {
		return best{}, err
	}
	w.solver.SetProgress(progressTo(progress))
	defer w.solver.SetProgress(nil)
	col, v, err := w.solver.BestMove(ctx, p, engine.CentreFirst)
	if err != nil {
		return best{}, err
	}
	st := w.solver.Stats()
	return best{Pos: moves, Column: col + 1, Score: int(v), Nodes: st.Nodes, Micros: st.Elapsed.Microseconds()}, nil
}

// notWon refuses a won position, as c4 solve and c4 analyze do.
func notWon(p board.Position) error {
	if err := p.WonError(); err != nil {
		return answer.Refusef("%v", err)
	}
	return nil
}

// version is the answer of op version.
type version struct {
	// Version is the engine's version as npm writes versions (see
	// [buildinfo.SemVer]): the npm package's.
	Version string `json:"version"`
	// Describe is what c4 version prints for a binary of this build.
	Describe string `json:"describe"`
	// Width, Height and InARow are the board and rule of this build (make
	// npm SIZE=WxH K=k), which the package holds a Kaggle configuration to.
	Width  int `json:"width"`
	Height int `json:"height"`
	InARow int `json:"inarow"`
}

// versionOf returns the version of this build of the engine.
func versionOf() version {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		info = &debug.BuildInfo{}
	}
	return version{Version: buildinfo.SemVer(info.Main.Version), Describe: buildinfo.Describe(info, ""),
		Width: board.Width, Height: board.Height, InARow: board.InARow}
}
