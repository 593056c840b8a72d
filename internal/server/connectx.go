package server

// This file answers POST /connectx?agent=SPEC: a remote agent of Kaggle's
// ConnectX environment (package internal/connectx has the protocol).

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"
	"time"

	"github.com/fourgen/fourgen/engine/agent"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/answer"
	"github.com/fourgen/fourgen/internal/connectx"
)

// maxConnectXBodyBytes caps the body of a /connectx request: a request of
// a 42-cell board with the environment's whole configuration is about
// 500 bytes, spaces after commas included.
const maxConnectXBodyBytes = 8 << 10

// connectXAnswer is the answer of /connectx: the protocol's action and,
// for people reading it, the agent that chose it.
type connectXAnswer struct {
	connectx.Response
	Agent string `json:"agent"` // the agent's canonical spec
	// Fallback is the agent that moved instead when Agent did not answer
	// within the deadline taken from actTimeout; absent otherwise.
	Fallback string `json:"fallback,omitempty"`
	Micros   int64  `json:"micros"` // thinking time
}

// connectX answers /connectx.
func (s *Server) connectX() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		if r.Method != http.MethodPost {
			w.Header().Set("Allow", "POST")
			writeError(w, r, httpErrorf(http.StatusMethodNotAllowed, "method %s not allowed (want POST, as Kaggle's environment sends)", r.Method))
			return
		}
		a, err := s.connectXMove(r)
		if err != nil {
			writeError(w, r, err)
			return
		}
		writeJSON(w, r, http.StatusOK, a)
	})
}

// writeError writes err as a JSON error answer to r.
func writeError(w http.ResponseWriter, r *http.Request, err error) {
	he := asHTTPError(err)
	if he.status == http.StatusServiceUnavailable {
		w.Header().Set("Retry-After", "1")
	}
	writeJSON(w, r, he.status, errorAnswer(he))
}

// connectXMove reads a /connectx request and returns the agent's move.
func (s *Server) connectXMove(r *http.Request) (*connectXAnswer, error) {
	if len(r.URL.RawQuery) > maxQueryBytes {
		return nil, httpErrorf(http.StatusRequestURITooLong, "query too long: %d bytes (at most %d)", len(r.URL.RawQuery), maxQueryBytes)
	}
	q, err := url.ParseQuery(r.URL.RawQuery)
	if err != nil {
		return nil, httpErrorf(http.StatusBadRequest, "bad query: %v", err)
	}
	if err := checkParams(q, []string{"agent", "seed"}); err != nil {
		return nil, err
	}
	spec, err := param(q, "agent")
	if err != nil {
		return nil, err
	}
	if spec == "" {
		spec = "perfect"
	}
	ag, seed, err := s.queryAgent(q, spec)
	if err != nil {
		return nil, err
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
			return nil, httpErrorf(http.StatusRequestEntityTooLarge, "request body over %d bytes", maxConnectXBodyBytes)
		}
		// The error names both ends of the connection: not for the client.
		return nil, httpErrorf(http.StatusBadRequest, "the request body could not be read")
	}
	var req *connectx.Request
	var g *board.Game
	err = s.readBoard(r.Context(), func() (err error) {
		req, g, err = connectx.Parse(body)
		return err
	})
	if err != nil {
		return nil, err
	}
	p := g.Position()
	if err := answer.CanMove(p); err != nil {
		return nil, err
	}

	// Think for part of actTimeout, waiting for a slot included; past it,
	// a move of greedy, which takes microseconds, is better than none.
	budget := min(req.Configuration.ThinkTime(), s.opts.Timeout)
	ctx, cancel := context.WithTimeout(r.Context(), budget)
	defer cancel()
	start := time.Now()
	a := &connectXAnswer{Agent: ag.Name()}
	err = s.runAgent(ctx, ag, p, func(ctx context.Context) error {
		col, err := ag.Move(ctx, p)
		a.Action = col
		return err
	})
	if err != nil && ctx.Err() != nil && r.Context().Err() == nil {
		fallback, _ := agent.New("greedy", agent.Options{Seed: seed})
		a.Fallback = fallback.Name()
		a.Action, err = fallback.Move(r.Context(), p)
	}
	if err != nil {
		return nil, err
	}
	if !p.CanPlay(a.Action) {
		return nil, httpErrorf(http.StatusInternalServerError, "agent %s chose column %d (0-based), which cannot be played", ag.Name(), a.Action)
	}
	a.Micros = time.Since(start).Microseconds()
	return a, nil
}
