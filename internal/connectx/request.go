package connectx

import (
	"encoding/json"
	"fmt"
	"math"
	"time"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/geom"
)

// environment is the environment's name in requests.
const environment = "connectx"

// defaultActTimeout is the time an agent has to answer when the
// configuration gives no actTimeout: kaggle-environments' default.
const defaultActTimeout = 6 * time.Second

// maxActTimeout is the longest time [Configuration.AnswerTime] gives an
// agent: a longer actTimeout (even one too large for a time.Duration,
// 1e300 seconds) is read as this.
const maxActTimeout = time.Hour

// Request is what the environment POSTs to a remote agent for each move.
// Fields the environment sends that the engine does not need are kept in
// the JSON but not here.
type Request struct {
	Action        string        `json:"action"` // "act"
	Configuration Configuration `json:"configuration"`
	Environment   string        `json:"environment"`
	State         State         `json:"state"`
}

// Configuration is the game's configuration as the environment sends it.
type Configuration struct {
	Rows    int `json:"rows"`
	Columns int `json:"columns"`
	Inarow  int `json:"inarow"`
	// ActTimeout is the seconds the agent has to answer (0 when absent:
	// DefaultActTimeout).
	ActTimeout   float64 `json:"actTimeout,omitempty"`
	EpisodeSteps int     `json:"episodeSteps,omitempty"`
	AgentTimeout float64 `json:"agentTimeout,omitempty"`
	RunTimeout   float64 `json:"runTimeout,omitempty"`
	Timeout      float64 `json:"timeout,omitempty"`
}

// State holds the agent's observation.
type State struct {
	Observation Observation `json:"observation"`
}

// Observation is what the agent sees: the board and its mark.
type Observation struct {
	// Board is the cells, rows from the top, left to right: 0 empty, 1
	// and 2 the players' stones.
	Board []int `json:"board"`
	// Mark is the player to move, the agent: 1 (who moved first) or 2.
	Mark                 int     `json:"mark"`
	Step                 int     `json:"step"`
	RemainingOverageTime float64 `json:"remainingOverageTime"`
}

// Response is the agent's answer: the column it plays, from 0.
type Response struct {
	Action int `json:"action"`
}

// AnswerTime is the time the configuration gives an agent to answer: its
// actTimeout, at most MaxActTimeout; DefaultActTimeout when it has none, or
// one that is zero, negative or not a number.
func (c Configuration) AnswerTime() time.Duration {
	switch s := c.ActTimeout; {
	case math.IsNaN(s) || s <= 0:
		return defaultActTimeout
	case s >= maxActTimeout.Seconds(): // +Inf too; converted, 1e300 s overflowed
		return maxActTimeout
	}
	return time.Duration(c.ActTimeout * float64(time.Second))
}

// thinkShare is the part of a request's actTimeout an agent thinks for;
// the rest is for the network and the environment.
const thinkShare = 0.5

// ThinkTime is the time an agent may think for a request of this
// configuration: half its AnswerTime, the other half being the
// environment's. c4 serve's /connectx and the Python package's agent both
// use it, so that they answer alike.
func (c Configuration) ThinkTime() time.Duration {
	return time.Duration(float64(c.AnswerTime()) * thinkShare)
}

// Check refuses a configuration the engine cannot play: another board
// than board.Width × board.Height, or another line than board.InARow,
// naming the build of c4 that plays it (make c4 SIZE=WxH K=k) when there
// is one. CheckFor names another make target's build.
func (c Configuration) Check() error { return c.CheckFor("c4") }

// CheckFor is Check naming the build of target, a make target: c4, or
// python and npm for the packages (make python SIZE=7x6 K=5).
func (c Configuration) CheckFor(target string) error {
	if c.Columns == board.Width && c.Rows == board.Height && c.Inarow == board.InARow {
		return nil
	}
	build := "no build of fourgen plays it"
	if _, err := geom.New(c.Columns, c.Rows, c.Inarow); err == nil && c.Columns >= 4 && c.Columns <= 12 && c.Rows >= 4 {
		build = board.MakeCommand(target, c.Columns, c.Rows, c.Inarow) + " builds one that plays it"
	}
	if c.Columns != board.Width || c.Rows != board.Height {
		return fmt.Errorf("connectx: a board of %d columns × %d rows: this engine plays %d × %d only; %s", c.Columns, c.Rows, board.Width, board.Height, build)
	}
	return fmt.Errorf("connectx: inarow %d: this engine plays %s only; %s", c.Inarow, board.Rule(), build)
}

// Parse reads a request's JSON and returns it with a game reaching its
// board (see [board.FromBoard]), refusing a configuration the engine
// cannot play, an impossible board and a mark that is not the player to
// move. A refused configuration names c4's build that plays it.
func Parse(body []byte) (*Request, *board.Game, error) { return ParseFor(body, "c4") }

// ParseFor is Parse naming the build of target (see
// [Configuration.CheckFor]) in a refused configuration's error.
func ParseFor(body []byte, target string) (*Request, *board.Game, error) {
	var r Request
	if err := json.Unmarshal(body, &r); err != nil {
		return nil, nil, fmt.Errorf("connectx: bad request JSON: %w", err)
	}
	if r.Action != "" && r.Action != "act" {
		return nil, nil, fmt.Errorf("connectx: action %q: want \"act\"", r.Action)
	}
	if err := r.Configuration.CheckFor(target); err != nil {
		return nil, nil, err
	}
	g, err := board.FromBoard(r.State.Observation.Board)
	if err != nil {
		return nil, nil, fmt.Errorf("connectx: observation.board: %w", err)
	}
	if mark, toMove := r.State.Observation.Mark, g.Position().ToMove(); mark != toMove {
		return nil, nil, fmt.Errorf("connectx: observation.mark %d, but on this board player %d is to move", mark, toMove)
	}
	return &r, g, nil
}

// NewRequest returns the request the environment sends the agent to move
// in p, with kaggle-environments' default configuration of a 7×6 game
// (the engine's board here) and actTimeout.
func NewRequest(p board.Position, actTimeout time.Duration) Request {
	return Request{
		Action: "act",
		Configuration: Configuration{
			Rows: board.Height, Columns: board.Width, Inarow: board.InARow,
			ActTimeout: actTimeout.Seconds(), EpisodeSteps: 1000, AgentTimeout: 60, RunTimeout: 1200, Timeout: actTimeout.Seconds(),
		},
		Environment: environment,
		State: State{Observation: Observation{
			Board: p.Cells(), Mark: p.ToMove(), Step: p.Moves(), RemainingOverageTime: 60,
		}},
	}
}
