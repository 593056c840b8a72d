package eval

import (
	"context"
	"errors"
	"fmt"

	"github.com/fourgen/fourgen/agent"
	"github.com/fourgen/fourgen/board"
	"github.com/fourgen/fourgen/solver"
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

// Position is a test position: its move string and the position.
type Position struct {
	Moves string
	Pos   board.Position
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
}

// Stones is the number of stones of the move's position.
func (m move) Stones() int { return len(m.Moves) }

// Stage is the row of the error table of m's position: 0 to 2.
func (m move) Stage() int {
	switch n := m.Stones(); {
	case n <= earlyStones:
		return 0
	case n <= middleStones:
		return 1
	}
	return 2
}

// Difficulty is the column of the error table of m's position: 0 to 2.
func (m move) Difficulty() int {
	switch {
	case m.Left < shortPlies:
		return 0
	case m.Left < mediumPlies:
		return 1
	}
	return 2
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
	s      *solver.Solver
	best   board.Score
	scores [board.Width]board.Score
	known  [board.Width]bool
}

// newJudge solves p with s.
func newJudge(ctx context.Context, s *solver.Solver, p Position) (*judge, error) {
	if p.Pos.IsWon() || p.Pos.IsFull() {
		return nil, fmt.Errorf("%s: the game is over: no move to judge", p.Moves)
	}
	best, err := s.Solve(ctx, p.Pos)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p.Moves, err)
	}
	return &judge{p: p, s: s, best: best}, nil
}

// move asks a for its move and scores it.
func (j *judge) move(ctx context.Context, a agent.Agent) (move, error) {
	p := j.p
	col, err := a.Move(ctx, p.Pos)
	if err != nil {
		return move{}, fmt.Errorf("%s: agent %s: %w", p.Moves, a.Name(), err)
	}
	if !p.Pos.CanPlay(col) {
		return move{}, fmt.Errorf("%s: agent %s played column %d, which cannot be played", p.Moves, a.Name(), col+1)
	}
	if !j.known[col] {
		if j.scores[col], err = moveScore(ctx, j.s, p.Pos, col); err != nil {
			return move{}, fmt.Errorf("%s: column %d: %w", p.Moves, col+1, err)
		}
		j.known[col] = true
	}
	played, best := j.scores[col], j.best
	return move{
		Moves: p.Moves, Col: col + 1, Score: int(played), Best: int(best), Left: pliesLeft(best, p.Pos.Moves()),
		Perfect: played == best, Good: played.Outcome() == best.Outcome(),
	}, nil
}

// moveScore is the score of playing col in p: the win's score if it makes
// four, a draw if it fills the board, otherwise the negation of the
// opponent's score after it.
func moveScore(ctx context.Context, s *solver.Solver, p board.Position, col int) (board.Score, error) {
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

// Evaluate scores the move of each agent in every position, solving each
// position, and each column played in it, once for all agents; it calls
// done (if not nil) after each position. It returns a report per agent,
// in order. It stops at the first error, of an agent or of ctx, returning
// the reports of the positions before, the same positions for every agent.
func Evaluate(ctx context.Context, agents []agent.Agent, s *solver.Solver, positions []Position, done func(i int)) ([]*Report, error) {
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
			if moves[k], err = j.move(ctx, a); err != nil {
				return finish(err)
			}
		}
		for k, m := range moves {
			reports[k].add(m)
		}
		if done != nil {
			done(i)
		}
	}
	return finish(nil)
}
