package server

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/answer"
)

// event is one server-sent event.
type event struct {
	name string
	data string
}

// readEvents parses a text/event-stream body.
func readEvents(t *testing.T, body []byte) []event {
	t.Helper()
	var events []event
	for block := range strings.SplitSeq(strings.TrimSuffix(string(body), "\n\n"), "\n\n") {
		var e event
		for line := range strings.SplitSeq(block, "\n") {
			switch {
			case strings.HasPrefix(line, "event: "):
				e.name = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: "):
				e.data = strings.TrimPrefix(line, "data: ")
			default:
				t.Fatalf("unexpected line %q in the stream %q", line, body)
			}
		}
		events = append(events, e)
	}
	return events
}

// unmarshal decodes an event's data.
func unmarshal[T any](t *testing.T, e event) T {
	t.Helper()
	var v T
	if err := json.Unmarshal([]byte(e.data), &v); err != nil {
		t.Fatalf("event %s: bad JSON %q: %v", e.name, e.data, err)
	}
	return v
}

// TestServeStream checks /api/analyze?stream=1: progress events whose
// intervals hold the final scores, then a result equal to the JSON answer;
// a finished game gets the result alone.
func TestServeStream(t *testing.T) {
	ts, _ := startServer(t, testOptions())
	n := 10
	if testing.Short() {
		n = 3
	}
	positions := []string{"1212121", bottomFour()}
	for _, set := range []string{"positions/analyze_n24.txt", "positions/analyze_n12.txt"} {
		for _, ref := range refAnalyses(t, set, n) {
			positions = append(positions, ref.moves)
		}
	}
	for _, moves := range positions {
		status, h, body := get(t, ts, "/api/analyze?stream=1&pos="+moves)
		if status != http.StatusOK || h.Get("Content-Type") != "text/event-stream; charset=utf-8" {
			t.Fatalf("%s: status %d, Content-Type %q: %s", moves, status, h.Get("Content-Type"), body)
		}
		events := readEvents(t, body)
		last := events[len(events)-1]
		if last.name != "result" {
			t.Fatalf("%s: last event %q, want result; stream %q", moves, last.name, body)
		}
		got := unmarshal[answer.Analysis](t, last)
		searched := got.Nodes > 0
		want := apiAnalysis(t, ts, moves)
		got.Nodes, got.Micros, want.Nodes, want.Micros = 0, 0, 0, 0 // the solvers' tables differ
		if g, w := jsonOf(t, got), jsonOf(t, want); g != w {
			t.Errorf("%s: streamed result %s, JSON answer %s", moves, g, w)
		}
		progress := 0
		for _, e := range events[:len(events)-1] {
			if e.name != "progress" {
				t.Errorf("%s: event %q before the result", moves, e.name)
				continue
			}
			progress++
			pr := unmarshal[answer.Progress](t, e)
			if pr.Column < 1 || pr.Column > board.Width || pr.Lo > pr.Hi {
				t.Errorf("%s: progress %+v", moves, pr)
			} else if v := want.Scores[pr.Column-1]; v < pr.Lo || v > pr.Hi {
				t.Errorf("%s: progress %+v, yet column %d scores %d", moves, pr, pr.Column, v)
			}
		}
		// Every search narrows an interval at least once, and says so.
		if searched && progress == 0 {
			t.Errorf("%s: no progress event in %q", moves, body)
		}
	}
}

// jsonOf returns v as JSON.
func jsonOf(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestServeStreamErrors checks the errors of a stream: a bad position and
// a busy server answer as usual (400, 503 with Retry-After); a solve past
// the deadline ends the stream with an error event of status 504.
func TestServeStreamErrors(t *testing.T) {
	cfg := testOptions()
	cfg.MaxSolves, cfg.Timeout = 1, 100*time.Millisecond
	ts, h := startServer(t, cfg)

	status, hdr, body := get(t, ts, "/api/analyze?stream=1&pos=48a")
	if e := decode[errorBody](t, hdr, body); status != http.StatusBadRequest || !strings.Contains(e.Error, "bad position") {
		t.Errorf("bad position: status %d, error %q", status, e.Error)
	}

	t.Run("past the deadline", func(t *testing.T) {
		skipQuickBoard(t)
		status, _, body := get(t, ts, "/api/analyze?stream=1&pos=") // minutes to solve without a book
		events := readEvents(t, body)
		last := events[len(events)-1]
		e := unmarshal[streamErrorJSON](t, last)
		if status != http.StatusOK || last.name != "error" || e.Status != http.StatusGatewayTimeout || !strings.Contains(e.Error, "took too long") {
			t.Errorf("past the deadline: status %d, last event %s %q", status, last.name, last.data)
		}
	})

	sl, err := h.solvers.acquire(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	status, hdr, body = get(t, ts, "/api/analyze?stream=1&pos=4453")
	h.solvers.release(sl)
	if e := decode[errorBody](t, hdr, body); status != http.StatusServiceUnavailable || hdr.Get("Retry-After") == "" || !strings.Contains(e.Error, "server busy") {
		t.Errorf("busy: status %d, Retry-After %q, error %q; want 503", status, hdr.Get("Retry-After"), e.Error)
	}
}

// TestServeStreamClientGone checks that a client leaving a stream stops
// its solve: the solver's slot comes back long before the deadline.
func TestServeStreamClientGone(t *testing.T) {
	cfg := testOptions()
	cfg.MaxSolves, cfg.Timeout = 1, time.Hour
	ts, h := startServer(t, cfg)
	ctx, cancel := context.WithCancel(t.Context())
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, ts.URL+"/api/analyze?stream=1&pos=", nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != http.StatusOK {
		t.Fatalf("status %d", res.StatusCode)
	}
	cancel() // the solve has started: the headers came once it had a solver
	res.Body.Close()
	waitCtx, stop := context.WithTimeout(t.Context(), time.Minute)
	defer stop()
	sl, err := h.solvers.acquire(waitCtx)
	if err != nil {
		t.Fatalf("the solver was not released after the client left: %v", err)
	}
	h.solvers.release(sl)
}

// TestServeWaitThenSolve checks issue 9's item 11: a request that waited
// for a solver gets the whole Timeout to solve, counted from when it got
// the solver, so that a wait never ends as a 504.
func TestServeWaitThenSolve(t *testing.T) {
	cfg := testOptions()
	cfg.MaxSolves, cfg.Timeout = 1, time.Hour
	s := newServer(t, cfg)
	sl, err := s.solvers.acquire(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	deadline := make(chan time.Time, 1)
	done := make(chan error, 1)
	go func() {
		done <- s.solve(t.Context(), func(ctx context.Context, _ *solverSlot) error {
			d, _ := ctx.Deadline()
			deadline <- d
			return nil
		})
	}()
	time.Sleep(50 * time.Millisecond) // let the request wait; any wait will do
	released := time.Now()
	s.solvers.release(sl)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if d := <-deadline; d.Before(released.Add(cfg.Timeout)) {
		t.Errorf("the solve's deadline is %v after the slot was freed, want at least the Timeout of %v", d.Sub(released), cfg.Timeout)
	}
}

// TestServeBusyParallel sends parallel requests, each too slow to solve,
// to a server of one solver: each gets either 503 with Retry-After (it
// waited in vain) or 504 after a solve of the whole Timeout.
func TestServeBusyParallel(t *testing.T) {
	skipQuickBoard(t)
	cfg := testOptions()
	cfg.MaxSolves, cfg.Timeout = 1, 200*time.Millisecond
	ts, _ := startServer(t, cfg)
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			res, err := ts.Client().Get(ts.URL + "/api/analyze?pos=") // minutes to solve without a book
			if err != nil {
				t.Error(err)
				return
			}
			defer res.Body.Close()
			var e errorBody
			if err := json.NewDecoder(res.Body).Decode(&e); err != nil {
				t.Errorf("status %d: %v", res.StatusCode, err)
				return
			}
			switch res.StatusCode {
			case http.StatusServiceUnavailable:
				if res.Header.Get("Retry-After") == "" || !strings.Contains(e.Error, "server busy") {
					t.Errorf("503 with Retry-After %q, error %q", res.Header.Get("Retry-After"), e.Error)
				}
			case http.StatusGatewayTimeout:
				_, after, _ := strings.Cut(e.Error, "stopped after ")
				after, _, _ = strings.Cut(after, ")")
				took, err := time.ParseDuration(after)
				if err != nil || took < cfg.Timeout {
					t.Errorf("504 after a solve of %v (%v), shorter than the timeout %v: %q", took, err, cfg.Timeout, e.Error)
				}
			default:
				t.Errorf("status %d: %q", res.StatusCode, e.Error)
			}
		})
	}
	wg.Wait()
}

// TestServeHeaderLimit checks the documented limits on what a client
// sends: a query over 4 KiB gets 414 from the handler as long as the
// request line and headers fit in 16 KiB; one byte more gets 431 from
// net/http.
func TestServeHeaderLimit(t *testing.T) {
	ts, _ := startServer(t, testOptions())
	for _, tc := range []struct {
		size, status int
	}{
		{headerLimit, http.StatusRequestURITooLong},
		{headerLimit + 1, http.StatusRequestHeaderFieldsTooLarge},
	} {
		// GET /api/analyze?pos=4444...4 HTTP/1.1\r\nHost: x\r\n\r\n, of
		// exactly tc.size bytes.
		const head, tail = "GET /api/analyze?pos=", " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
		req := head + strings.Repeat("4", tc.size-len(head)-len(tail)) + tail
		conn, err := net.Dial("tcp", ts.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		if _, err := io.WriteString(conn, req); err != nil {
			t.Fatal(err)
		}
		res, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatalf("%d bytes: %v", tc.size, err)
		}
		res.Body.Close()
		conn.Close()
		if res.StatusCode != tc.status {
			t.Errorf("request line and headers of %d bytes: status %d, want %d", tc.size, res.StatusCode, tc.status)
		}
	}
}
