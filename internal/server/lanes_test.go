package server

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/engine/openingbook"
	"github.com/fourgen/fourgen/internal/connectx"
	"github.com/fourgen/fourgen/internal/movetest"
)

// bookOptions are testOptions with the embedded book, skipping the test on
// a board the book is not of.
func bookOptions(t *testing.T) Options {
	t.Helper()
	b, err := openingbook.Book()
	if err != nil {
		t.Skipf("no embedded book: %v", err)
	}
	opts := testOptions()
	opts.Book = b
	return opts
}

// holdPool takes every slot of h's pool until the test ends, as clients
// looping on long solves do (issue 40 item 9).
func holdPool(t *testing.T, h *Server) {
	t.Helper()
	for range h.opts.MaxSolves {
		sl, err := h.solvers.acquire(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { h.solvers.release(sl) })
	}
}

// TestServeCheapBesideBusyPool checks that with every solver's slot taken,
// book answers and cheap agents are still answered (200, no fallback),
// while work that needs a slot gets 503 (issue 40 item 9: six clients
// looping on mcts:10000000 made /solve?pos=4453 answer 503). Before the
// cheap lane every request below waited for a slot and got 503.
func TestServeCheapBesideBusyPool(t *testing.T) {
	opts := bookOptions(t)
	opts.Timeout = time.Second // how long a request that needs a slot waits
	ts, h := startServer(t, opts)
	holdPool(t, h)

	for _, path := range []string{
		"/solve?pos=4453",
		"/solve?pos=",
		"/api/analyze?pos=4453",
		"/api/analyze?pos=44536",
		"/api/analyze?stream=1&pos=4453",
		"/api/move?pos=4453&level=random",
		"/api/move?pos=4453&level=greedy",
		"/api/move?pos=4453&level=perfect",
		"/api/move?pos=4453&level=level3",
		"/api/move?pos=4453&level=mcts:" + strconv.Itoa(cheapPlayouts),
	} {
		if status, _, body := get(t, ts, path); status != http.StatusOK || strings.Contains(string(body), "event: error") {
			t.Errorf("%s with every slot taken: status %d, %.200s; want 200", path, status, body)
		}
	}
	for _, spec := range []string{"random", "greedy", "perfect"} {
		p, err := board.Parse(movetest.Fixture("4453"))
		if err != nil {
			t.Fatal(err)
		}
		req, err := json.Marshal(connectx.NewRequest(p, 20*time.Second))
		if err != nil {
			t.Fatal(err)
		}
		status, got := postConnectX(t, ts.URL, "agent="+spec, req)
		if status != http.StatusOK || got["fallback"] != nil {
			t.Errorf("/connectx?agent=%s with every slot taken: status %d, %v; want 200 without fallback", spec, status, got)
		}
	}

	// The expensive path is saturated indeed.
	beyond := opponentPosition(t) // far beyond the book
	for _, path := range []string{
		"/solve?pos=" + beyond,
		"/api/move?pos=4453&level=mcts:" + strconv.Itoa(cheapPlayouts+1),
	} {
		status, hdr, body := get(t, ts, path)
		if e := decode[errorBody](t, hdr, body); status != http.StatusServiceUnavailable || !strings.Contains(e.Error, "server busy") {
			t.Errorf("%s with every slot taken: status %d, %q; want 503 server busy", path, status, e.Error)
		}
	}
}

// TestServeBookNeedsNoTable checks that answering positions the book
// answers makes no solver of Options.TableMiB (issue 40 item 10: with
// --tt-mb 4096 /solve?pos=4453 took 6.9 s and 4.2 GB to make the table),
// and that a position beyond the book does.
func TestServeBookNeedsNoTable(t *testing.T) {
	opts := bookOptions(t)
	opts.MaxSolves = 1
	ts, h := startServer(t, opts)
	made := func() bool {
		sl, err := h.solvers.acquire(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		defer h.solvers.release(sl)
		return sl.solver != nil
	}
	for _, path := range []string{"/solve?pos=4453", "/api/analyze?pos=", "/api/analyze?stream=1&pos=44", "/api/move?pos=4453&level=perfect"} {
		if status, _, body := get(t, ts, path); status != http.StatusOK {
			t.Fatalf("%s: status %d, %s", path, status, body)
		}
		if made() {
			t.Fatalf("%s: a book answer made the slot's solver and its table", path)
		}
	}
	if status, _, body := get(t, ts, "/solve?pos="+opponentPosition(t)); status != http.StatusOK {
		t.Fatalf("beyond the book: status %d, %s", status, body)
	}
	if !made() {
		t.Error("a position beyond the book was solved without the slot's solver")
	}
}

// TestServePlayoutCap checks that mcts:N above MaxPlayouts is refused with
// a 400 that names the cap, on /api/move and /connectx, and that the cap
// itself is accepted (issue 40 item 9).
func TestServePlayoutCap(t *testing.T) {
	needMCTS(t)
	ts, _ := startServer(t, testOptions())
	over := "mcts:" + strconv.Itoa(maxPlayouts+1)
	status, hdr, body := get(t, ts, "/api/move?pos=4453&level="+over)
	e := decode[errorBody](t, hdr, body)
	if status != http.StatusBadRequest || !strings.Contains(e.Error, "at most "+strconv.Itoa(maxPlayouts)+" playouts") {
		t.Errorf("%s: status %d, %q; want 400 naming the cap", over, status, e.Error)
	}
	p, err := board.Parse(movetest.Fixture("4453"))
	if err != nil {
		t.Fatal(err)
	}
	req, err := json.Marshal(connectx.NewRequest(p, 2*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	if status, got := postConnectX(t, ts.URL, "agent="+over, req); status != http.StatusBadRequest || !strings.Contains(got["error"].(string), "playouts") {
		t.Errorf("/connectx?agent=%s: status %d, %v; want 400 naming the cap", over, status, got)
	}
	if status, _, body := do(t, ts, http.MethodHead, "/api/move?pos=4453&level=mcts:"+strconv.Itoa(maxPlayouts)); status != http.StatusOK {
		t.Errorf("mcts:%d (the cap): status %d, %s; want 200", maxPlayouts, status, body)
	}
}
