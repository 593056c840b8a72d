package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/answer"
)

// This file is /api/analyze?pos=MOVES&stream=1: the same analysis as a
// stream of server-sent events (text/event-stream), so that a page can
// show how a long solve is going. Until the solve starts, errors are the
// ordinary JSON answers (400 for a bad query, 503 when no solver frees up
// in time). Once a solver is found the answer is 200 and carries events:
//
//	event: progress   {"column":3,"lo":-2,"hi":5,"nodes":1234567,"micros":250000}
//	event: result     the JSON of /api/analyze, the last event
//	event: error      {"error":"...","status":504}, instead of a result
//
// A progress event says that the score of playing column (1-based) lies
// in [lo, hi]; lo == hi once it is known. Events come at most every
// quarter-second, and after every narrowing of an interval.

// streamErrorJSON is the data of an error event: what the JSON answer would
// have said, with its status.
type streamErrorJSON struct {
	Error  string `json:"error"`
	Status int    `json:"status"`
}

// streamParam reads the stream parameter: absent or "" for a JSON answer,
// "1" for events.
func streamParam(q url.Values) (bool, error) {
	v, err := param(q, "stream")
	switch {
	case err != nil:
		return false, err
	case v != "" && v != "1":
		return false, httpErrorf(http.StatusBadRequest, "bad stream %q: want 1 (or leave it out)", v)
	}
	return v == "1", nil
}

// eventWriter writes server-sent events, flushing each.
type eventWriter struct {
	w       http.ResponseWriter
	started bool
}

// start sends the headers of the stream.
func (e *eventWriter) start() {
	h := e.w.Header()
	h.Set("Content-Type", "text/event-stream; charset=utf-8")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Accel-Buffering", "no") // let proxies pass events on at once
	e.w.WriteHeader(http.StatusOK)
	http.NewResponseController(e.w).Flush()
	e.started = true
}

// send writes one event with v as its JSON data. A client that left makes
// the writes fail; its request's context is cancelled too, which stops the
// solve, so the error is not needed here. The events are small and few
// (four a second at most), so a client that reads slowly does not block
// the solve before its deadline.
func (e *eventWriter) send(event string, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		event, data = "error", []byte(`{"error":"cannot encode the answer","status":500}`)
	}
	fmt.Fprintf(e.w, "event: %s\ndata: %s\n\n", event, data)
	http.NewResponseController(e.w).Flush()
}

// streamAnalysis answers /api/analyze with stream=1 for p, whose analysis
// a is complete when done. It returns an error only before the stream
// starts, to be answered as usual.
func (s *Server) streamAnalysis(w http.ResponseWriter, r *http.Request, a *answer.Analysis, done bool, p board.Position) error {
	ev := &eventWriter{w: w}
	switch {
	case checkOnly(r):
		ev.start()
		return nil
	case done:
		ev.start()
		ev.send("result", a)
		return nil
	}
	err := s.analyzeWith(r.Context(), p, func(ctx context.Context, sv *engine.Solver) error {
		ev.start()
		sv.SetProgress(func(pr engine.Progress) {
			ev.send("progress", answer.ProgressOf(pr))
		})
		defer sv.SetProgress(nil) // a slot's solver serves other requests next
		return a.Solve(ctx, sv, p)
	})
	switch {
	case !ev.started:
		return err // no solver in time: an ordinary 503
	case err != nil:
		he := asHTTPError(err)
		ev.send("error", streamErrorJSON{Error: he.msg, Status: he.status})
	default:
		ev.send("result", a)
	}
	return nil
}
