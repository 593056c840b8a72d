package server

import (
	"context"
	"net"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestServeTinyTimeout checks that an idle server whose deadline is
// shorter than any solve says that the solve took too long, not that its
// solvers stayed in use (issue 20 item 9: with --timeout 1ns a free solver
// and a passed deadline were picked at random), and that a server whose
// only solver is taken still says that it is busy.
func TestServeTinyTimeout(t *testing.T) {
	cfg := testOptions()
	cfg.MaxSolves, cfg.Timeout = 1, time.Nanosecond
	ts, h := startServer(t, cfg)
	pos := opponentPosition(t)
	for i := range 40 { // the old code said "busy" half the time
		for _, path := range []string{"/api/analyze?pos=" + pos, "/api/analyze?stream=1&pos=" + pos, "/api/move?level=perfect&pos=" + pos} {
			status, hdr, body := get(t, ts, path)
			if status == http.StatusServiceUnavailable || strings.Contains(string(body), "in use") {
				t.Fatalf("request %d, %s: idle server: status %d, %s", i, path, status, body)
			}
			// A solve this short may finish before it looks at its
			// context; if not, the answer is the deadline's.
			if status != http.StatusOK {
				if e := decode[errorBody](t, hdr, body); status != http.StatusGatewayTimeout || !strings.Contains(e.Error, "took too long") {
					t.Fatalf("request %d, %s: status %d, error %q; want 200 or 504 took too long", i, path, status, e.Error)
				}
			}
		}
	}
	sl, err := h.solvers.acquire(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	defer h.solvers.release(sl)
	status, hdr, body := get(t, ts, "/api/analyze?pos="+pos)
	if e := decode[errorBody](t, hdr, body); status != http.StatusServiceUnavailable || !strings.Contains(e.Error, "server busy") {
		t.Errorf("with the only solver taken: status %d, error %q; want 503, server busy", status, e.Error)
	}
}

// TestServeMoveTimeoutHint checks that a move that took too long says what
// made it slow: the playouts of mcts:N, not the opening book, which MCTS
// never reads (issue 20 item 9).
func TestServeMoveTimeoutHint(t *testing.T) {
	needMCTS(t)
	cfg := testOptions()
	cfg.Timeout = 50 * time.Millisecond
	ts, _ := startServer(t, cfg)
	spec := "mcts:" + strconv.Itoa(maxPlayouts)
	status, hdr, body := get(t, ts, "/api/move?level="+spec+"&pos=4")
	e := decode[errorBody](t, hdr, body)
	if status != http.StatusGatewayTimeout || !strings.Contains(e.Error, "took too long") {
		t.Fatalf("%s in 50 ms: status %d, error %q; want 504, took too long", spec, status, e.Error)
	}
	if strings.Contains(e.Error, "book") || !strings.Contains(e.Error, strconv.Itoa(maxPlayouts)+" playouts") {
		t.Errorf("%s timed out with %q, want the playouts named and no book", spec, e.Error)
	}
}

// TestWarm checks that the pool makes no solver before it is asked, that
// warm makes the solver of a free slot once (and none when the slot has
// one, or when no slot is free), and that Serve warms a slot as it starts.
func TestWarm(t *testing.T) {
	made := func(s *Server) bool { // whether the pool's one slot has its solver
		sl := <-s.solvers.slots
		defer s.solvers.release(sl)
		return sl.solver != nil
	}
	s := newServer(t, Options{TableMiB: 1, MaxSolves: 1})
	if made(s) {
		t.Fatal("a solver was made before any request or warm")
	}
	if !s.solvers.warm() || !made(s) {
		t.Fatal("warm made no solver in a free slot")
	}
	if s.solvers.warm() {
		t.Error("warm made another solver for the slot that has one")
	}

	busy := newServer(t, Options{TableMiB: 1, MaxSolves: 1})
	sl := <-busy.solvers.slots
	if busy.solvers.warm() {
		t.Error("warm made a solver with no slot free")
	}
	busy.solvers.release(sl)

	served := newServer(t, Options{TableMiB: 1, MaxSolves: 1})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	go func() { done <- served.Serve(ctx, ln) }()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Serve: %v", err)
		}
	}()
	resp, err := http.Get("http://" + ln.Addr().String() + "/healthz") // answered after the warming
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if !made(served) {
		t.Error("Serve answered a request before it made a solver")
	}
}
