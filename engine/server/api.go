package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"time"

	"github.com/fourgen/fourgen/engine"
)

// Limits on what a client may send. A move string is at most engine.Cells
// bytes, so a query of a few KB is already far more than any valid one.
const (
	maxQueryBytes = 4 << 10  // longer queries get 414
	headerLimit   = 16 << 10 // request line and headers; net/http answers 431 beyond
	maxBodyBytes  = 1 << 10  // the API reads no body; this only caps what is drained

	// netHTTPSlack is what net/http reads beyond http.Server.MaxHeaderBytes
	// before answering 431 (its "bufio slop"), so that MaxHeaderBytes of
	// headerLimit - netHTTPSlack puts the limit at headerLimit.
	netHTTPSlack   = 4 << 10
	maxHeaderBytes = headerLimit - netHTTPSlack
)

// server is c4 serve's handler: the API under /api/ and the embedded web
// app everywhere else.
type server struct {
	cfg     serveConfig
	solvers *solverPool
	mux     *http.ServeMux
}

// newServer returns the handler of c4 serve for cfg.
func newServer(cfg serveConfig) *server {
	s := &server{cfg: cfg, solvers: newSolverPool(cfg.maxSolves, cfg.tableMiB, cfg.book), mux: http.NewServeMux()}
	s.mux.Handle("/api/analyze", apiHandler(s.analyze))
	s.mux.Handle("/api/inspect", apiHandler(s.inspect))
	s.mux.Handle("/api/move", apiHandler(s.move))
	s.mux.Handle("/api/", apiHandler(func(http.ResponseWriter, *http.Request, url.Values) (any, error) {
		return nil, httpErrorf(http.StatusNotFound, "no such API endpoint (want /api/analyze, /api/inspect or /api/move)")
	}))
	s.mux.Handle("/", staticHandler())
	return s
}

// ServeHTTP caps the request body, then routes.
func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxBodyBytes)
	s.mux.ServeHTTP(w, r)
}

// httpError is an error with the HTTP status to answer it with.
type httpError struct {
	status int
	msg    string
}

func (e *httpError) Error() string { return e.msg }

// httpErrorf returns an [httpError].
func httpErrorf(status int, format string, a ...any) error {
	return &httpError{status: status, msg: fmt.Sprintf(format, a...)}
}

// apiFunc is one endpoint of the API. It returns the answer to write as
// JSON, or an error; a nil answer with a nil error means that it wrote the
// answer itself (a stream). For HEAD it checks the query and returns any
// answer without doing the work: net/http drops the body.
type apiFunc func(w http.ResponseWriter, r *http.Request, q url.Values) (any, error)

// apiHandler adapts an API function to HTTP: it refuses methods other than
// GET and HEAD and overlong queries, parses the query, and writes the
// function's answer or error as JSON. An error that is no [httpError] is a
// bug and answered with 500.
func apiHandler(f apiFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		var v any
		var err error
		switch {
		case r.Method != http.MethodGet && r.Method != http.MethodHead:
			w.Header().Set("Allow", "GET, HEAD")
			err = httpErrorf(http.StatusMethodNotAllowed, "method %s not allowed (want GET or HEAD)", r.Method)
		case len(r.URL.RawQuery) > maxQueryBytes:
			err = httpErrorf(http.StatusRequestURITooLong, "query too long: %d bytes (at most %d)", len(r.URL.RawQuery), maxQueryBytes)
		default:
			var q url.Values
			if q, err = url.ParseQuery(r.URL.RawQuery); err != nil {
				err = httpErrorf(http.StatusBadRequest, "bad query: %v", err)
			} else {
				v, err = f(w, r, q)
			}
		}
		status := http.StatusOK
		switch {
		case err != nil:
			he := asHTTPError(err)
			status, v = he.status, errorJSON{he.msg}
			if status == http.StatusServiceUnavailable {
				w.Header().Set("Retry-After", "1")
			}
		case v == nil:
			return // written by f
		}
		writeJSON(w, status, v)
	})
}

// errorJSON is the body of an error answer.
type errorJSON struct {
	Error string `json:"error"`
}

// asHTTPError returns err as an [httpError], a 500 if it is none.
func asHTTPError(err error) *httpError {
	if he, ok := errors.AsType[*httpError](err); ok {
		return he
	}
	return &httpError{status: http.StatusInternalServerError, msg: err.Error()}
}

// checkOnly reports whether r only asks for the headers of the answer.
func checkOnly(r *http.Request) bool { return r.Method == http.MethodHead }

// writeJSON writes v as the JSON answer with the given status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		status = http.StatusInternalServerError
		body = []byte(`{"error":"cannot encode the answer"}`)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	w.Write(append(body, '\n'))
}

// param returns the single value of query parameter name, or "" when it
// is absent, refusing repeats.
func param(q url.Values, name string) (string, error) {
	switch vs := q[name]; len(vs) {
	case 0:
		return "", nil
	case 1:
		return vs[0], nil
	default:
		return "", httpErrorf(http.StatusBadRequest, "%s given %d times, want once", name, len(vs))
	}
}

// queryPosition parses the pos parameter: a move string of 1-based columns, ""
// or absent for the empty board. It is refused with the engine's reason.
func queryPosition(q url.Values) (string, engine.Position, error) {
	moves, err := param(q, "pos")
	if err != nil {
		return "", engine.Position{}, err
	}
	p, err := engine.Parse(moves)
	if err != nil {
		return "", engine.Position{}, httpErrorf(http.StatusBadRequest, "bad position: %v", err)
	}
	return moves, p, nil
}

// positionJSON describes a position and whether its game is over.
type positionJSON struct {
	Pos    string `json:"pos"`    // the move string asked about
	Moves  int    `json:"moves"`  // stones on the board
	ToMove int    `json:"toMove"` // 1 or 2: the player whose turn it is (were the game not over)
	Status string `json:"status"` // "playing", "won" or "drawn"
	// Winner is the player who won (1 or 2) or 0 for a draw once the game
	// is over; in /api/analyze, the one who wins with best play. Absent
	// while unknown: a game going on, in /api/inspect and /api/move.
	Winner *int `json:"winner,omitempty"`
}

// describePosition fills in what is known without solving.
func describePosition(moves string, p engine.Position) positionJSON {
	d := positionJSON{Pos: moves, Moves: p.Moves(), ToMove: p.ToMove(), Status: "playing"}
	switch {
	case p.IsWon():
		d.Status, d.Winner = "won", player(3-p.ToMove())
	case p.IsFull():
		d.Status, d.Winner = "drawn", player(0)
	}
	return d
}

// player returns a pointer to a player number (0 for nobody).
func player(n int) *int { return &n }

// analysisJSON is the answer of /api/analyze.
type analysisJSON struct {
	positionJSON
	// Scores is the score of playing each column, from the side to move's
	// view, -1000 for a full column (and for every column once the game is
	// over).
	Scores  [engine.Width]int `json:"scores"`
	Best    []int             `json:"best"`    // the 1-based columns of the highest score
	Outcome int               `json:"outcome"` // for the side to move: 1 win, 0 draw, -1 loss
	// WinnerStones is how many more stones the winner plays, the winning
	// one included; 0 for a draw or a finished game.
	WinnerStones int         `json:"winnerStones"`
	Nodes        uint64      `json:"nodes"`  // positions searched
	Micros       int64       `json:"micros"` // solving time
	Inspect      inspectJSON `json:"inspect"`
}

// analyze answers /api/analyze, as a stream of events with stream=1
// (see serve_stream.go).
func (s *server) analyze(w http.ResponseWriter, r *http.Request, q url.Values) (any, error) {
	moves, p, err := queryPosition(q)
	if err != nil {
		return nil, err
	}
	stream, err := streamParam(q)
	if err != nil {
		return nil, err
	}
	a, done := newAnalysis(moves, p)
	switch {
	case stream:
		return nil, s.streamAnalysis(w, r, a, done, p)
	case checkOnly(r) || done:
		return a, nil
	}
	err = s.solve(r.Context(), func(ctx context.Context, sl *solverSlot) error {
		return a.solve(ctx, sl.Solver(), p)
	})
	if err != nil {
		return nil, err
	}
	return a, nil
}

// newAnalysis returns the answer of /api/analyze as far as it is known
// without solving, and whether that is all of it (the game is over).
func newAnalysis(moves string, p engine.Position) (*analysisJSON, bool) {
	a := &analysisJSON{positionJSON: describePosition(moves, p), Best: []int{}, Inspect: inspection(p)}
	for col := range a.Scores {
		a.Scores[col] = int(engine.Invalid)
	}
	switch a.Status {
	case "won":
		a.Outcome = -1 // the side to move has lost
		return a, true
	case "drawn":
		return a, true
	}
	return a, false
}

// solve fills in the scores of a, the analysis of p, with sv.
func (a *analysisJSON) solve(ctx context.Context, sv *engine.Solver, p engine.Position) error {
	scores, err := sv.Analyze(ctx, p)
	if err != nil {
		return err
	}
	best := engine.Invalid
	for col, v := range scores {
		a.Scores[col] = int(v)
		best = max(best, v)
	}
	for col, v := range scores {
		if v == best {
			a.Best = append(a.Best, col+1)
		}
	}
	a.Outcome = best.Outcome()
	a.WinnerStones = best.WinnerStones(p.Moves())
	switch a.Outcome {
	case 1:
		a.Winner = player(p.ToMove())
	case -1:
		a.Winner = player(3 - p.ToMove())
	default:
		a.Winner = player(0)
	}
	st := sv.Stats()
	a.Nodes, a.Micros = st.Nodes, st.Elapsed.Microseconds()
	return nil
}

// solve runs f in a slot of the pool. Waiting for the slot and solving
// have a deadline of --timeout each: waiting past it is a 503, solving past
// it a 504. (With one deadline for both, a request that got its slot late
// had only the rest of it to solve, and a wait ended as a 504.)
func (s *server) solve(ctx context.Context, f func(ctx context.Context, sl *solverSlot) error) error {
	waitCtx, cancelWait := context.WithTimeout(ctx, s.cfg.timeout)
	sl, err := s.solvers.acquire(waitCtx)
	cancelWait()
	if err != nil {
		return deadlineError(err, http.StatusServiceUnavailable,
			"server busy: all %d solvers stayed in use for %v; try again", s.cfg.maxSolves, s.cfg.timeout)
	}
	defer s.solvers.release(sl)
	ctx, cancel := context.WithTimeout(ctx, s.cfg.timeout)
	defer cancel()
	start := time.Now()
	if err := f(ctx, sl); err != nil {
		return deadlineError(err, http.StatusGatewayTimeout,
			"took too long: no answer within %v (stopped after %v); positions with few stones need an opening book",
			s.cfg.timeout, time.Since(start).Round(time.Millisecond))
	}
	return nil
}

// deadlineError turns the error of a solve or a wait into an [httpError]:
// a missed deadline with the given status and message, a cancelled request
// (client gone or server shutting down) with 503, and any other error (a
// position the engine refuses) with 400.
func deadlineError(err error, status int, format string, a ...any) error {
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return httpErrorf(status, format, a...)
	case errors.Is(err, context.Canceled):
		return httpErrorf(http.StatusServiceUnavailable, "request cancelled: the server is shutting down or the client left")
	}
	return httpErrorf(http.StatusBadRequest, "%v", err)
}

// inspectAnswer is the answer of /api/inspect.
type inspectAnswer struct {
	positionJSON
	Inspect inspectJSON `json:"inspect"`
}

// inspect answers /api/inspect: what the solver sees, without solving.
func (s *server) inspect(_ http.ResponseWriter, r *http.Request, q url.Values) (any, error) {
	moves, p, err := queryPosition(q)
	if err != nil {
		return nil, err
	}
	return inspectAnswer{describePosition(moves, p), inspection(p)}, nil
}
