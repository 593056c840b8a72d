package server

import (
	"net/http"
	"net/url"

	"github.com/fourgen/fourgen/internal/answer"
)

// inspect answers /api/inspect with an [answer.Inspected]: what the solver
// sees, without solving.
func (s *Server) inspect(_ http.ResponseWriter, r *http.Request, q url.Values) (any, error) {
	moves, p, err := s.queryPosition(r.Context(), q)
	if err != nil {
		return nil, err
	}
	return answer.NewInspected(moves, p), nil
}
