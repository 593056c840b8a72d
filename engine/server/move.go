package server

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/fourgen/fourgen/engine/agent"
)

// agentTableMiB is the transposition table of the agent made for one
// request. An agent lives for one move, so its table cannot pay off
// across moves, and making a table touches all of it: on 12- to 20-stone
// positions a perfect move took less time with 1 MiB than with 8 or 64.
// A table this small also stays in the Go heap; larger ones are mapped
// outside it, and a stream of requests would pile them up faster than the
// collector, which does not see them, frees them.
const agentTableMiB = 1

// moveJSON is the answer of /api/move: the column played and the position
// it leads to.
type moveJSON struct {
	positionJSON        // after the move; Winner is there only if the move ended the game
	Col          int    `json:"col"`    // 1-based column played
	Level        string `json:"level"`  // the agent's canonical spec
	Seed         uint64 `json:"seed"`   // the seed used, to replay the choice
	Micros       int64  `json:"micros"` // thinking time
}

// move answers /api/move: the move of the agent named by level in pos.
func (s *Server) move(_ http.ResponseWriter, r *http.Request, q url.Values) (any, error) {
	moves, p, err := queryPosition(q)
	if err != nil {
		return nil, err
	}
	level, err := param(q, "level")
	if err != nil {
		return nil, err
	}
	if level == "" {
		return nil, httpErrorf(http.StatusBadRequest, "level missing: want one of %v", agent.Specs())
	}
	seedText, err := param(q, "seed")
	if err != nil {
		return nil, err
	}
	seed := rand.Uint64N(1 << 53) // exact in a JavaScript number
	if seedText != "" {
		if seed, err = strconv.ParseUint(seedText, 10, 64); err != nil {
			return nil, httpErrorf(http.StatusBadRequest, "bad seed %q: want an unsigned 64-bit integer", seedText)
		}
	}
	ag, err := agent.New(level, agent.Options{Seed: seed, TableMiB: agentTableMiB, Book: s.opts.Book})
	if err != nil {
		return nil, httpErrorf(http.StatusBadRequest, "%v", err)
	}
	switch {
	case p.IsWon():
		return nil, httpErrorf(http.StatusBadRequest, "no move: the game is already won by player %d", 3-p.ToMove())
	case p.IsFull():
		return nil, httpErrorf(http.StatusBadRequest, "no move: the board is full")
	case checkOnly(r):
		return struct{}{}, nil
	}

	// The agent brings its own solver, but it takes a slot all the same:
	// the bound is on work running at once.
	col := -1
	start := time.Now()
	err = s.solve(r.Context(), func(ctx context.Context, _ *solverSlot) error {
		col, err = ag.Move(ctx, p)
		return err
	})
	if err != nil {
		return nil, err
	}
	if !p.CanPlay(col) {
		return nil, fmt.Errorf("agent %s chose column %d, which cannot be played", ag.Name(), col+1)
	}
	p.Play(col)
	next := moves + strconv.Itoa(col+1)
	return moveJSON{
		positionJSON: describePosition(next, p),
		Col:          col + 1,
		Level:        ag.Name(),
		Seed:         seed,
		Micros:       time.Since(start).Microseconds(),
	}, nil
}
