package eval

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/agent"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/posfile"
)

// Bounds of the stages and difficulties of the error table.
const (
	// StageBounds are the most stones played of the first two stages; the
	// third has more.
	earlyStones, middleStones = 14, 28
	// The difficulties are fewer than 14 plies left with perfect play,
	// fewer than 28, and more.
	shortPlies, mediumPlies = 14, 28
)

// stages and difficulties name the rows and columns of the error table.
var (
	stages       = [3]string{"<=14 played", "<=28 played", ">28 played"}
	difficulties = [3]string{"<14 left", "<28 left", ">=28 left"}
)

// Position is a test position: its move string and the position, and
// its labels when it has them.
type Position struct {
	Moves string
	Pos   board.Position
	// Scores, if not nil, are the exact scores of playing each column
	// ([board.Invalid] for a full one), as [engine.Solver.Analyze] gives
	// them: the evaluation takes them instead of solving.
	Scores *[board.Width]board.Score
}

// move is the agent's move in one test position, scored.
type move struct {
	Moves string `json:"pos"`   // the position's move string
	Col   int    `json:"col"`   // the column played, 1-based
	Score int    `json:"score"` // the score of playing it
	Best  int    `json:"best"`  // the position's score, the best of any column
	// Left is the plies until the end with perfect play from the position.
	Left    int  `json:"left"`
	Perfect bool `json:"perfect"` // Score == Best
	Good    bool `json:"good"`    // Score has Best's outcome
	// failure is the agent's failure to move, nil for a move played: then
	// Col and Score mean nothing, and the move is neither perfect nor good.
	failure error
}

// Stones is the number of stones of the move's position.
func (m move) Stones() int { return len(m.Moves) }

// Stage is the row of the error table of m's position: 0 to 2.
func (m move) Stage() int { return stage(m.Stones()) }

// Difficulty is the column of the error table of m's position: 0 to 2.
func (m move) Difficulty() int { return difficulty(m.Left) }

// stage is the row of the error table of a position of n stones: 0 to 2.
func stage(n int) int {
	switch {
	case n <= earlyStones:
		return 0
	case n <= middleStones:
		return 1
	}
	return 2
}

// difficulty is the column of the error table of a position with left
// plies to the end under perfect play: 0 to 2.
func difficulty(left int) int {
	switch {
	case left < shortPlies:
		return 0
	case left < mediumPlies:
		return 1
	}
	return 2
}

// TableNames are the names of the error table's rows (stages) and
// columns (difficulties), as reports print them.
func TableNames() (stageNames, difficultyNames []string) {
	return slices.Clone(stages[:]), slices.Clone(difficulties[:])
}

// Cell is the cell of the error table of a position of stones stones whose
// score is best: its stage (row) and difficulty (column), each 0 to 2.
func Cell(stones int, best board.Score) (row, col int) {
	return stage(stones), difficulty(pliesLeft(best, stones))
}

// pliesLeft is the number of plies until the game ends with perfect play
// from a position of moves stones whose score is s.
func pliesLeft(s board.Score, moves int) int {
	w := s.WinnerStones(moves)
	switch {
	case s > 0:
		return 2*w - 1
	case s < 0:
		return 2 * w
	}
	return board.Cells - moves
}

// judge scores the moves of one position, solving each column at most
// once however many agents play it.
type judge struct {
	p      Position
	s      *engine.Solver
	best   board.Score
	scores [board.Width]board.Score
	known  [board.Width]bool
}

// newJudge solves p with s.
func newJudge(ctx context.Context, s *engine.Solver, p Position) (*judge, error) {
	if p.Pos.IsWon() || p.Pos.IsFull() {
		return nil, fmt.Errorf("%s: the game is over: no move to judge", posfile.Quote(p.Moves))
	}
	if p.Scores != nil {
		j := &judge{p: p, s: s, best: board.Invalid, scores: *p.Scores}
		for col, sc := range j.scores {
			j.best, j.known[col] = max(j.best, sc), true
		}
		return j, nil
	}
	best, err := s.Solve(ctx, p.Pos)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", posfile.Quote(p.Moves), err)
	}
	return &judge{p: p, s: s, best: best}, nil
}

// move asks a for its move and scores it. The agent's failure to move (an
// [agent.MoveError], or a column that cannot be played) is a move that is
// neither perfect nor good, unless strict: then it is an error.
func (j *judge) move(ctx context.Context, a agent.Agent, strict bool) (move, error) {
	p := j.p
	best := j.best
	m := move{Moves: p.Moves, Best: int(best), Left: pliesLeft(best, p.Pos.Moves())}
	col, err := a.Move(ctx, p.Pos)
	if err == nil {
		err = agent.CheckMove(p.Pos, col)
	}
	if err != nil {
		err = fmt.Errorf("%s: agent %s: %w", posfile.Quote(p.Moves), a.Name(), err)
		if _, failed := errors.AsType[*agent.MoveError](err); !failed || strict || ctx.Err() != nil {
			return move{}, err
		}
		m.failure = err
		return m, nil
	}
	if !j.known[col] {
		if j.scores[col], err = moveScore(ctx, j.s, p.Pos, col); err != nil {
			return move{}, fmt.Errorf("%s: column %d: %w", posfile.Quote(p.Moves), col+1, err)
		}
		j.known[col] = true
	}
	played := j.scores[col]
	m.Col, m.Score, m.Perfect, m.Good = col+1, int(played), played == best, played.Outcome() == best.Outcome()
	return m, nil
}

// moveScore is the score of playing col in p: the win's score if it makes
// four, a draw if it fills the board, otherwise the negation of the
// opponent's score after it.
func moveScore(ctx context.Context, s *engine.Solver, p board.Position, col int) (board.Score, error) {
	if p.IsWinningMove(col) {
		return board.Score((board.Cells + 1 - p.Moves()) / 2), nil
	}
	p.Play(col)
	if p.IsFull() {
		return 0, nil
	}
	v, err := s.Solve(ctx, p)
	return -v, err
}

// Options configures [Evaluate].
type Options struct {
	// Strict makes an agent's failure to move (an [agent.MoveError]: an
	// illegal column, garbage, no answer in time, a crash) an error that
	// stops the evaluation. Otherwise it is the agent's move in that
	// position, neither perfect nor good, and the report counts it
	// (FailedMoves).
	Strict bool
	// Done, if not nil, is called after each position with its index.
	Done func(i int)
}

// Evaluate scores the move of each agent in every position, solving each
// position, and each column played in it, once for all agents (or taking
// the position's Scores: s may be nil when every position has them). It returns
// a report per agent, in order. It stops at the first error, of the
// solver, of ctx, or of an agent other than a failure to move (and at
// that too with opts.Strict), returning the reports of the positions
// before, the same positions for every agent.
func Evaluate(ctx context.Context, agents []agent.Agent, s *engine.Solver, positions []Position, opts Options) ([]*Report, error) {
	reports := make([]*Report, len(agents))
	for i, a := range agents {
		reports[i] = &Report{Agent: a.Name()}
	}
	finish := func(err error) ([]*Report, error) {
		for _, r := range reports {
			r.finish()
		}
		if err != nil && ctx.Err() != nil {
			err = errors.Join(context.Cause(ctx), err)
		}
		return reports, err
	}
	moves := make([]move, len(agents))
	for i, p := range positions {
		j, err := newJudge(ctx, s, p)
		if err != nil {
			return finish(err)
		}
		for k, a := range agents {
			if moves[k], err = j.move(ctx, a, opts.Strict); err != nil {
				return finish(err)
			}
		}
		for k, m := range moves {
			reports[k].add(m)
		}
		if opts.Done != nil {
			opts.Done(i)
		}
	}
	return finish(nil)
}
