package server

import (
	"context"
	"net/http"
	"net/url"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/internal/answer"
)

// analyze answers /api/analyze with an [answer.Analysis], as a stream of
// events with stream=1 (see stream.go).
func (s *Server) analyze(w http.ResponseWriter, r *http.Request, q url.Values) (any, error) {
	moves, p, err := s.queryPosition(r.Context(), q)
	if err != nil {
		return nil, err
	}
	stream, err := streamParam(q)
	if err != nil {
		return nil, err
	}
	a, done := answer.NewAnalysis(moves, p)
	switch {
	case stream:
		return nil, s.streamAnalysis(w, r, a, done, p)
	case checkOnly(r) || done:
		return a, nil
	}
	err = s.analyzeWith(r.Context(), p, func(ctx context.Context, sv *engine.Solver) error {
		return a.Solve(ctx, sv, p)
	})
	if err != nil {
		return nil, err
	}
	return a, nil
}
