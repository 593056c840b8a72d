package server

// This file answers GET /solve?pos=MOVES in the JSON shape of the public
// gamesolver.org solver API ({"pos":"4453","score":[...]}), so that a
// client of that API, or of a wrapper that starts Pascal Pons's
// "c4solver -a" per request, can point its base URL here instead.

import (
	"context"
	"net/http"
	"net/url"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/board"
)

// fullColumnScore is the score /solve gives a column that cannot be
// played, as gamesolver.org does (c4 analyze's files write -1000).
const fullColumnScore = 100

// gamesolverAnswer is the answer of /solve.
type gamesolverAnswer struct {
	// Pos is the move string solved: the pos parameter, or the move string
	// found for a board parameter.
	Pos string `json:"pos"`
	// Score is the score of playing each column, from the side to move's
	// view (22-k for a win with one's k-th stone on 7×6, 0 a draw, negative a
	// loss), FullColumnScore for a full column and for every column once
	// the game is over.
	Score [board.Width]int `json:"score"`
}

// gamesolverSolve answers /solve.
func (s *Server) gamesolverSolve(_ http.ResponseWriter, r *http.Request, q url.Values) (any, error) {
	moves, p, err := s.queryPosition(r.Context(), q)
	if err != nil {
		return nil, err
	}
	a := &gamesolverAnswer{Pos: moves}
	for col := range a.Score {
		a.Score[col] = fullColumnScore
	}
	if checkOnly(r) || p.IsWon() || p.IsFull() {
		return a, nil
	}
	err = s.analyzeWith(r.Context(), p, func(ctx context.Context, sv *engine.Solver) error {
		scores, err := sv.Analyze(ctx, p)
		if err != nil {
			return err
		}
		for col, v := range scores {
			if v != board.Invalid {
				a.Score[col] = int(v)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return a, nil
}

// allowAnyOrigin lets browser pages of any origin call h (CORS): it adds
// Access-Control-Allow-Origin: * to every answer and answers a preflight
// OPTIONS request itself, allowing GET, HEAD and POST.
func allowAnyOrigin(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Access-Control-Allow-Origin", "*")
		if r.Method == http.MethodOptions {
			w.Header().Set("Access-Control-Allow-Methods", "GET, HEAD, POST, OPTIONS")
			w.Header().Set("Access-Control-Allow-Headers", "Content-Type")
			w.Header().Set("Access-Control-Max-Age", "86400")
			w.WriteHeader(http.StatusNoContent)
			return
		}
		h.ServeHTTP(w, r)
	})
}
