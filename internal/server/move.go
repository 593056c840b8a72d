package server

import (
	"context"
	"net/http"
	"net/url"

	"github.com/fourgen/fourgen/engine/agent"
	"github.com/fourgen/fourgen/internal/answer"
)

// move answers /api/move with an [answer.Move]: the move of the agent
// named by level in pos.
func (s *Server) move(_ http.ResponseWriter, r *http.Request, q url.Values) (any, error) {
	moves, p, err := s.queryPosition(r.Context(), q)
	if err != nil {
		return nil, err
	}
	level, err := param(q, "level")
	if err != nil {
		return nil, err
	}
	ag, seed, err := s.queryAgent(q, level)
	if err != nil {
		return nil, err
	}
	if err := answer.CanMove(p); err != nil {
		return nil, err
	}
	if checkOnly(r) {
		return struct{}{}, nil
	}

	var m *answer.Move
	err = s.runAgent(r.Context(), ag, p, func(ctx context.Context) error {
		m, err = answer.PlayAgent(ctx, ag, seed, moves, p)
		return err
	})
	if err != nil {
		return nil, err
	}
	return m, nil
}

// queryAgent makes the agent named by spec, seeded by the seed parameter
// (random when absent), and returns it with the seed used.
func (s *Server) queryAgent(q url.Values, spec string) (agent.Agent, uint64, error) {
	seedText, err := param(q, "seed")
	if err != nil {
		return nil, 0, err
	}
	seed, err := answer.Seed(seedText)
	if err != nil {
		return nil, 0, err
	}
	ag, err := answer.NewAgent(spec, seed, s.opts.Book)
	if err != nil {
		return nil, 0, err
	}
	if err := checkPlayouts(ag.Name()); err != nil {
		return nil, 0, err
	}
	return ag, seed, nil
}
