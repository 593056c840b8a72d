package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/fourgen/fourgen/engine/agent"
	"github.com/fourgen/fourgen/engine/agent/external"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/engine/openingbook"
	"github.com/fourgen/fourgen/internal/connectx"
	"github.com/fourgen/fourgen/internal/movetest"
)

// postConnectX POSTs body to /connectx?query and returns the status and
// the decoded answer.
func postConnectX(t *testing.T, base, query string, body []byte) (int, map[string]any) {
	t.Helper()
	res, err := http.Post(base+"/connectx?"+query, "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	var v map[string]any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("POST /connectx?%s: %d, not JSON: %q", query, res.StatusCode, data)
	}
	return res.StatusCode, v
}

// TestConnectXGame plays a whole game through /connectx, each side's
// request built as the environment builds it (the board, the mark of the
// player to move, the configuration with actTimeout): perfect, moving
// first, beats level3, as it does when the two play directly.
func TestConnectXGame(t *testing.T) {
	book, err := openingbook.Book()
	if err != nil {
		t.Skipf("perfect needs the opening book to move at once from the empty board: %v", err)
	}
	opts := testOptions()
	opts.Book = book
	ts, _ := startServer(t, opts)
	queries := [2]string{"agent=perfect", "agent=level3&seed=7"}
	var p board.Position
	var moves []byte
	for !p.IsWon() && !p.IsFull() {
		body, err := json.Marshal(connectx.NewRequest(p, 60*time.Second))
		if err != nil {
			t.Fatal(err)
		}
		status, a := postConnectX(t, ts.URL, queries[p.Moves()%2], body)
		col, ok := a["action"].(float64)
		if status != http.StatusOK || !ok || a["fallback"] != nil || !p.CanPlay(int(col)) {
			t.Fatalf("after %q, %s answered %d %v: want a legal action and no fallback", moves, queries[p.Moves()%2], status, a)
		}
		p.Play(int(col))
		moves = append(moves, byte('1'+col))
	}
	if p.Winner() != 1 {
		t.Errorf("game %s through /connectx: winner %d, want 1 (perfect)", moves, p.Winner())
	}

	perfect, _ := agent.New("perfect", agent.Options{Book: book, TableMiB: 8})
	level3, _ := agent.New("level3", agent.Options{Book: book, TableMiB: 8, Seed: 7})
	rec, err := agent.PlayGame(context.Background(), "", [2]agent.Agent{perfect, level3}, nil)
	if err != nil || rec.Winner != 0 {
		t.Errorf("direct game %s: winner index %d, %v; want perfect (0)", rec.Game, rec.Winner, err)
	}
}

func TestConnectXRefuses(t *testing.T) {
	ts, _ := startServer(t, testOptions())
	p, _ := board.Parse(movetest.Fixture("4453"))
	build := func(edit func(*connectx.Request)) []byte {
		r := connectx.NewRequest(p, 2*time.Second)
		if edit != nil {
			edit(&r)
		}
		body, _ := json.Marshal(r)
		return body
	}
	// A game won by the first player's line of InARow in column 1 (rows on a
	// board lower than the line: the bottom row from column 1).
	wonMoves := movetest.Fixture(strings.Repeat("12", board.InARow-1) + "1")
	if board.Height < board.InARow {
		wonMoves = ""
		for c := range board.InARow {
			wonMoves += fmt.Sprintf("%d,%d,", c+1, c+1)
		}
		wonMoves = strings.TrimSuffix(wonMoves, fmt.Sprintf(",%d,", board.InARow))
	}
	won, err := board.Parse(wonMoves)
	if err != nil || !won.IsWon() {
		t.Fatalf("%q: %v, won %v", wonMoves, err, won.IsWon())
	}
	tests := []struct {
		name, query string
		body        []byte
		status      int
		want        string
	}{
		{"other width", "", build(func(r *connectx.Request) { r.Configuration.Columns = board.Width + 1 }), 400, "this engine plays"},
		{"another inarow", "", build(func(r *connectx.Request) { r.Configuration.Inarow = board.InARow + 1 }), 400,
			fmt.Sprintf("inarow %d: this engine plays %s only; %s builds one that plays it", board.InARow+1, board.Rule(), board.BuildCommand(board.Width, board.Height, board.InARow+1))},
		{"wrong mark", "", build(func(r *connectx.Request) { r.State.Observation.Mark = 2 }), 400, "player 1 is to move"},
		{"bad JSON", "", []byte(`{"configuration":`), 400, "bad request JSON"},
		{"unknown agent", "agent=nobody", build(nil), 400, "unknown agent"},
		{"repeated agent", "agent=random&agent=greedy", build(nil), 400, "given 2 times"},
		{"unknown parameter", "agnet=random", build(nil), 400, `unknown parameter "agnet" (want agent or seed)`},
		{"game over", "", build(func(r *connectx.Request) { r.State.Observation.Board, r.State.Observation.Mark = won.Cells(), 2 }), 400, "already won"},
		{"body too big", "", append(build(nil), bytes.Repeat([]byte(" "), maxConnectXBodyBytes)...), 413, "request body over"},
	}
	for _, tt := range tests {
		status, a := postConnectX(t, ts.URL, tt.query, tt.body)
		if msg, _ := a["error"].(string); status != tt.status || !strings.Contains(msg, tt.want) {
			t.Errorf("%s: %d %v; want %d saying %q", tt.name, status, a, tt.status, tt.want)
		}
	}
	if status, _, _ := get(t, ts, "/connectx"); status != http.StatusMethodNotAllowed {
		t.Errorf("GET /connectx = %d, want 405", status)
	}
	// The environment's own request, indented and padded with blanks: over
	// the 1 KiB other endpoints allow, well within this one's cap.
	indented, _ := json.MarshalIndent(connectx.NewRequest(p, 2*time.Second), "", "    ")
	indented = append(indented, bytes.Repeat([]byte(" "), maxBodyBytes)...)
	if len(indented) <= maxBodyBytes {
		t.Fatalf("indented request of %d bytes: want one over %d", len(indented), maxBodyBytes)
	}
	if status, a := postConnectX(t, ts.URL, "agent=greedy&seed=1", indented); status != http.StatusOK || a["agent"] != "greedy" {
		t.Errorf("indented request: %d %v, want greedy's move", status, a)
	}
}

// TestConnectXFiveInARow posts the configuration, {"rows": 6,
// "columns": 7, "inarow": 5}, as Kaggle sends it: a build of make c4
// SIZE=7x6 K=5 plays it (gen's TestConnectXBuilds runs this test on that
// build), every other build of 7×6 refuses it naming that make line.
func TestConnectXFiveInARow(t *testing.T) {
	if board.Width != 7 || board.Height != 6 {
		t.Skipf("the configuration is of the 7×6 board; this build plays %d×%d", board.Width, board.Height)
	}
	ts, _ := startServer(t, testOptions())
	body := []byte(`{"action":"act","configuration":{"rows":6,"columns":7,"inarow":5,"actTimeout":2},` +
		`"state":{"observation":{"board":[` + strings.Repeat("0,", 41) + `0],"mark":1}}}`)
	status, a := postConnectX(t, ts.URL, "agent=greedy&seed=1", body)
	if board.InARow == 5 {
		if col, ok := a["action"].(float64); status != http.StatusOK || !ok || col < 0 || col >= board.Width {
			t.Errorf("a build of 7×6, 5 in a row: %d %v, want a move", status, a)
		}
		return
	}
	if msg, _ := a["error"].(string); status != http.StatusBadRequest || !strings.Contains(msg, "inarow 5: this engine plays "+board.Rule()+" only; make c4 SIZE=7x6 K=5 builds one that plays it") {
		t.Errorf("a build of 7×6, %s: %d %v, want a refusal naming make c4 SIZE=7x6 K=5", board.Rule(), status, a)
	}
}

// TestConnectXBrokenBody: a body that cannot be read (the connection timed
// out or broke) is a 400 that says so without quoting the error, which
// named both ends of the connection (issue 40 item 10).
func TestConnectXBrokenBody(t *testing.T) {
	h := newServer(t, testOptions())
	broken := &net.OpError{Op: "read", Net: "tcp",
		Source: &net.TCPAddr{IP: net.IPv4(10, 1, 2, 3), Port: 8080},
		Addr:   &net.TCPAddr{IP: net.IPv4(10, 4, 5, 6), Port: 53312},
		Err:    os.ErrDeadlineExceeded}
	r := httptest.NewRequest(http.MethodPost, "/connectx?agent=greedy", io.MultiReader(strings.NewReader(`{"configuration":`), iotest.ErrReader(broken)))
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	e := decode[errorBody](t, w.Header(), w.Body.Bytes())
	if w.Code != http.StatusBadRequest || e.Error != "the request body could not be read" {
		t.Errorf("broken body: %d %q; want 400, the request body could not be read", w.Code, e.Error)
	}
}

// TestConnectXDeadline: an agent that cannot answer within the share of
// actTimeout (perfect from the empty board without a book: minutes) is
// replaced by greedy, and the answer says so, in time.
func TestConnectXDeadline(t *testing.T) {
	if board.Cells < 42 {
		t.Skipf("the empty %d×%d board is solved at once: no deadline to miss", board.Width, board.Height)
	}
	opts := testOptions()
	ts, _ := startServer(t, opts)
	body, _ := json.Marshal(connectx.NewRequest(board.Position{}, 200*time.Millisecond))
	start := time.Now()
	status, a := postConnectX(t, ts.URL, "agent=perfect", body)
	took := time.Since(start)
	col, ok := a["action"].(float64)
	if status != http.StatusOK || !ok || col < 0 || int(col) >= board.Width || a["fallback"] != "greedy" || a["agent"] != "perfect" {
		t.Errorf("perfect without a book, 200 ms: %d %v; want greedy's legal move as the fallback", status, a)
	}
	// The deadline comes from actTimeout, not from the server's --timeout.
	if took >= opts.Timeout {
		t.Errorf("answered after %v: the deadline was the server's %v, not half of actTimeout", took, opts.Timeout)
	}
}

// TestConnectXActTimeoutRange: an actTimeout too large for a duration, or
// negative, leaves the agent the server's --timeout (or half the default 6
// s) to think: 1e300 overflowed to a deadline already past, and greedy
// answered instead of the agent asked for (issue 40 item 10).
func TestConnectXActTimeoutRange(t *testing.T) {
	ts, _ := startServer(t, testOptions())
	p, err := board.Parse(movetest.Fixture(opponentPosition(t))) // perfect answers in milliseconds
	if err != nil {
		t.Fatal(err)
	}
	for _, act := range []float64{1e300, 1e10, -5} {
		req := connectx.NewRequest(p, time.Second)
		req.Configuration.ActTimeout = act
		body, err := json.Marshal(req)
		if err != nil {
			t.Fatal(err)
		}
		status, a := postConnectX(t, ts.URL, "agent=perfect", body)
		if status != http.StatusOK || a["fallback"] != nil || a["agent"] != "perfect" {
			t.Errorf("actTimeout %g: %d %v; want perfect's move, no fallback", act, status, a)
		}
	}
}

// TestConnectXURLAgent: c4's url: agent, which sends the environment's
// requests, plays whole games through /connectx.
func TestConnectXURLAgent(t *testing.T) {
	ts, _ := startServer(t, testOptions())
	remote, err := external.New("url:"+ts.URL+"/connectx?agent=greedy&seed=3", external.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer external.Close(remote)
	random, _ := agent.New("random", agent.Options{Seed: 4})
	tallies, played, err := agent.Match(context.Background(), "", [2]agent.Agent{remote, random}, 4, agent.MatchOptions{Strict: true})
	if err != nil || played != 4 {
		t.Fatalf("Match: %d games, %v", played, err)
	}
	if total := tallies[0].Total(); total[0]+total[1]+total[2] != 4 || tallies[0].Moves == 0 {
		t.Errorf("url: agent's tally %+v", tallies[0])
	}
}
