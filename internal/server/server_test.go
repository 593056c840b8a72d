package server

import (
	"context"
	"encoding/json"
	"flag"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/agent"
	"github.com/fourgen/fourgen/engine/batch"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/engine/openingbook"
	"github.com/fourgen/fourgen/internal/answer"
	"github.com/fourgen/fourgen/internal/movetest"
)

// testOptions are server options for tests: small tables, and a deadline
// far beyond what the quick positions need.
func testOptions() Options {
	return Options{TableMiB: 8, MaxSolves: 2, Timeout: 20 * time.Second}
}

// newServer returns New(opts), failing the test on an error.
func newServer(t testing.TB, opts Options) *Server {
	t.Helper()
	s, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// startServer runs the server for opts behind an httptest server
// configured as Serve configures its own.
func startServer(t testing.TB, opts Options) (*httptest.Server, *Server) {
	t.Helper()
	h := newServer(t, opts)
	ts := httptest.NewUnstartedServer(h)
	ts.Config = h.httpServer(t.Context())
	ts.Start()
	t.Cleanup(ts.Close)
	return ts, h
}

// get fetches path from ts and returns the status, the headers and the
// body.
func get(t testing.TB, ts *httptest.Server, path string) (int, http.Header, []byte) {
	t.Helper()
	return do(t, ts, http.MethodGet, path)
}

// do sends a request of method for path to ts and returns the status, the
// headers and the body. A pos of 1-based digits in path is sent in the
// board's notation ([fixturePath]).
func do(t testing.TB, ts *httptest.Server, method, path string) (int, http.Header, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, ts.URL+fixturePath(path), nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := ts.Client().Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatalf("%s %s: reading the body: %v", method, path, err)
	}
	return res.StatusCode, res.Header, body
}

// fixturePath writes the pos of path, a test fixture of 1-based digits
// ("4453"), in the board's notation (movetest.Fixture): as it is on a board
// of up to nine columns, with commas on a wider one, so that the fixtures
// of columns every board has run at every width. A pos of anything but
// digits (a refusal's fixture) is left as it is.
func fixturePath(path string) string {
	before, query, found := strings.Cut(path, "?")
	if !found || !board.Usual().Commas {
		return path
	}
	params := strings.Split(query, "&")
	for i, param := range params {
		if pos, ok := strings.CutPrefix(param, "pos="); ok {
			params[i] = "pos=" + fixturePos(pos)
		}
	}
	return before + "?" + strings.Join(params, "&")
}

// fixturePos is the pos fixturePath sends for pos: a string of 1-based
// digits in the board's notation, anything else as it is, and so is
// offBoard(), which on a wide board is a number ("14") and no fixture.
func fixturePos(pos string) string {
	if pos == "" || strings.Trim(pos, "0123456789") != "" || pos == offBoard() {
		return pos
	}
	return movetest.Fixture(pos)
}

// fullColumn is a move string of 1-based digits that overflows column 4:
// "44444444" on 7×6.
func fullColumn() string { return strings.Repeat("4", board.Height+2) }

// offBoard is the move string of one column beyond the board and the
// next: "9" on 7×6, "14" on 12×4.
func offBoard() string { return board.Usual().Column(board.Width + 1) }

// decode unmarshals a JSON answer, failing the test on anything else.
func decode[T any](t testing.TB, h http.Header, body []byte) T {
	t.Helper()
	if ct := h.Get("Content-Type"); ct != "application/json; charset=utf-8" {
		t.Fatalf("Content-Type = %q, want JSON; body %q", ct, body)
	}
	var v T
	if err := json.Unmarshal(body, &v); err != nil {
		t.Fatalf("bad JSON %q: %v", body, err)
	}
	return v
}

// errorBody is the JSON of an API error.
type errorBody struct {
	Error string `json:"error"`
}

// refAnalysis is one line of an analyze reference file.
type refAnalysis struct {
	moves  string
	scores [board.Width]int
}

// refAnalyses reads the first n lines of the analyze reference file rel.
func refAnalyses(t testing.TB, rel string, n int) []refAnalysis {
	t.Helper()
	var refs []refAnalysis
	for _, line := range refLines(t, rel, n) {
		f := strings.Fields(line)
		if len(f) != 1+board.Width {
			t.Fatalf("%s: malformed line %q", rel, line)
		}
		r := refAnalysis{moves: f[0]}
		for i, s := range f[1:] {
			v, err := strconv.Atoi(s)
			if err != nil {
				t.Fatalf("%s: line %q: %v", rel, line, err)
			}
			r.scores[i] = v
		}
		refs = append(refs, r)
	}
	return refs
}

// TestServeAnalyze checks /api/analyze against the reference scores, and
// that the other fields agree with them.
func TestServeAnalyze(t *testing.T) {
	n := 60
	if testing.Short() {
		n = 10
	}
	ts, _ := startServer(t, testOptions())
	for _, ref := range refAnalyses(t, "positions/analyze_n24.txt", n) {
		status, h, body := get(t, ts, "/api/analyze?pos="+ref.moves)
		if status != http.StatusOK {
			t.Fatalf("%s: status %d: %s", ref.moves, status, body)
		}
		a := decode[answer.Analysis](t, h, body)
		if a.Scores != ref.scores {
			t.Errorf("%s: scores %v, want %v", ref.moves, a.Scores, ref.scores)
		}
		best := slices.Max(ref.scores[:])
		var bestCols []int
		for col, v := range ref.scores {
			if v == best {
				bestCols = append(bestCols, col+1)
			}
		}
		p, err := board.Parse(movetest.Fixture(ref.moves))
		if err != nil {
			t.Fatal(err)
		}
		wantWinner := map[int]int{1: p.ToMove(), 0: 0, -1: 3 - p.ToMove()}[board.Score(best).Outcome()]
		if a.Pos != ref.moves || a.Moves != len(ref.moves) || a.ToMove != p.ToMove() || a.Status != "playing" ||
			!slices.Equal(a.Best, bestCols) || a.Outcome != board.Score(best).Outcome() || winnerOf(a.Position) != wantWinner ||
			a.WinnerStones != board.Score(best).WinnerStones(p.Moves()) {
			t.Errorf("%s: answer %+v disagrees with the reference scores %v", ref.moves, a, ref.scores)
		}
		if a.Inspect.Current != hexWord(p.Current()) || a.Inspect.Occupied != hexWord(p.Occupied()) {
			t.Errorf("%s: inspector words %s %s, want %#x %#x", ref.moves, a.Inspect.Current, a.Inspect.Occupied, p.Current(), p.Occupied())
		}
	}
}

// winnerOf returns the winner of an answer, -1 when it is absent.
func winnerOf(d answer.Position) int {
	if d.Winner == nil {
		return -1
	}
	return *d.Winner
}

// TestServeGameOver checks the answers for finished games: no scores, the
// winner named, no error; and that a game going on has no winner in
// /api/inspect, rather than a number the API does not define.
func TestServeGameOver(t *testing.T) {
	ts, _ := startServer(t, testOptions())
	for _, tc := range []struct {
		moves          string
		status         string
		winner, toMove int
	}{
		{"1212121", "won", 1, 2},
		{bottomFour(), "won", 1, 2},
		{"12121", "playing", -1, 2},
	} {
		code, h, body := get(t, ts, "/api/inspect?pos="+tc.moves)
		if code != http.StatusOK {
			t.Fatalf("%s: status %d: %s", tc.moves, code, body)
		}
		a := decode[answer.Inspected](t, h, body)
		if a.Status != tc.status || winnerOf(a.Position) != tc.winner {
			t.Errorf("inspect %s: status %q winner %d, want %q %d", tc.moves, a.Status, winnerOf(a.Position), tc.status, tc.winner)
		}
		if tc.winner == -1 && strings.Contains(string(body), `"winner"`) {
			t.Errorf("inspect %s: %s has a winner while the game goes on", tc.moves, body)
		}
		if tc.status != "won" {
			continue
		}
		code, h, body = get(t, ts, "/api/analyze?pos="+tc.moves)
		if code != http.StatusOK {
			t.Fatalf("analyze %s: status %d: %s", tc.moves, code, body)
		}
		an := decode[answer.Analysis](t, h, body)
		for _, v := range an.Scores {
			if v != int(board.Invalid) {
				t.Errorf("analyze %s: scores %v, want all %d", tc.moves, an.Scores, board.Invalid)
				break
			}
		}
		if an.Status != "won" || winnerOf(an.Position) != tc.winner || an.ToMove != tc.toMove || an.Outcome != -1 || len(an.Best) != 0 {
			t.Errorf("analyze %s: %+v", tc.moves, an)
		}
	}
}

// TestServeBadInput checks that bad requests get a 4xx JSON error naming
// the problem, never a 5xx.
func TestServeBadInput(t *testing.T) {
	ts, _ := startServer(t, testOptions())
	engineError := func(moves string) string {
		_, err := board.Parse(fixturePos(moves)) // as the request sends it
		if err == nil {
			t.Fatalf("engine accepts %q", moves)
		}
		return err.Error()
	}
	huge := strings.Repeat("4", 1<<20)
	mctsListed := "mcts:N"
	if batch.Supported() != nil {
		mctsListed = "(or level:N), perfect" // mcts:N, which a board of two words does not play, is not listed
	}
	full := fullColumn()
	tooMany := board.Usual().Append(drawnGame(t), 0)
	early := strings.Repeat("1234567", 7) // a game won before its end
	earlyRefused := early[:answer.ValidMoves(early)+1]
	if board.Usual().Commas { // the valid moves are columns, not characters
		earlyRefused = board.MoveString(movetest.Columns(early)[:answer.ValidMoves(movetest.Fixture(early))+1])
	}
	for _, tc := range []struct {
		name, path string
		status     int
		want       string // in the error message; "" when the answer may not be JSON
	}{
		{"invalid chars", "/api/analyze?pos=48a", 400, engineError("48a")},
		{"zero", "/api/analyze?pos=0", 400, engineError("0")},
		{"full column", "/api/analyze?pos=" + full, 400, engineError(full)},
		{"move after a win", "/api/analyze?pos=12121212", 400, engineError("12121212")},
		{"too many moves", "/api/analyze?pos=" + tooMany, 400, engineError(tooMany)},
		// Refused before its end: the reason of the first refused move.
		{"too many moves, refused earlier", "/api/analyze?pos=" + early, 400, engineError(earlyRefused)},
		{"not utf-8", "/api/analyze?pos=4%ff", 400, engineError("4\xff")},
		{"bad escape", "/api/analyze?pos=%zz", 400, "bad query"},
		{"pos twice", "/api/analyze?pos=4&pos=5", 400, "pos given 2 times"},
		{"inspect bad", "/api/inspect?pos=" + offBoard(), 400, engineError(offBoard())},
		{"long query", "/api/analyze?pos=" + strings.Repeat("4", maxQueryBytes), 414, "query too long"},
		{"bad stream", "/api/analyze?pos=4&stream=yes", 400, "bad stream"},
		{"huge query", "/api/analyze?pos=" + huge, 431, ""}, // refused by net/http before the handler
		{"huge move query", "/api/move?level=greedy&pos=" + huge, 431, ""},
		{"unknown level", "/api/move?pos=4&level=genius", 400, `unknown agent "genius"`},
		{"no level", "/api/move?pos=4", 400, "level missing"},
		{"no level: agents listed", "/api/move?pos=4", 400, "random, greedy, level1"},
		{"no level: mcts listed", "/api/move?pos=4", 400, mctsListed},
		{"bad seed", "/api/move?pos=4&level=random&seed=-1", 400, "bad seed"},
		{"move after the end", "/api/move?pos=1212121&level=random", 400, "already won by player 1"},
		{"move bad position", "/api/move?pos=" + full + "&level=random", 400, engineError(full)},
		{"unknown endpoint", "/api/solve?pos=4", 404, "no such API endpoint"},
		{"unknown file", "/no-such-file.js", 404, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, h, body := get(t, ts, tc.path)
			if status != tc.status {
				t.Errorf("status %d, want %d; body %.200q", status, tc.status, body)
			}
			if tc.want == "" {
				return
			}
			e := decode[errorBody](t, h, body)
			if !strings.Contains(e.Error, tc.want) {
				t.Errorf("error %q, want it to contain %q", e.Error, tc.want)
			}
		})
	}
}

// TestServeMethods checks that the API and the web app answer GET and
// HEAD only.
func TestServeMethods(t *testing.T) {
	ts, _ := startServer(t, testOptions())
	for _, path := range []string{"/api/analyze?pos=4", "/api/move?pos=4&level=random", "/api/inspect", "/api/nope", "/", "/main.js"} {
		for _, method := range []string{http.MethodPost, http.MethodPut, http.MethodDelete, http.MethodPatch} {
			status, h, body := do(t, ts, method, path)
			if status != http.StatusMethodNotAllowed || h.Get("Allow") != "GET, HEAD" {
				t.Errorf("%s %s: status %d, Allow %q; want 405, GET, HEAD", method, path, status, h.Get("Allow"))
			}
			if strings.HasPrefix(path, "/api/") {
				if e := decode[errorBody](t, h, body); !strings.Contains(e.Error, "not allowed") {
					t.Errorf("%s %s: error %q", method, path, e.Error)
				}
			}
		}
	}
}

// TestServeHead checks that HEAD is answered with the status and type a
// GET would get, without a body and, on the API, without solving: the
// empty board takes minutes to solve without a book, so a HEAD that
// solved would miss the short deadline.
func TestServeHead(t *testing.T) {
	cfg := testOptions()
	cfg.Timeout = 50 * time.Millisecond
	ts, _ := startServer(t, cfg)
	for _, tc := range []struct {
		path, contentType string
		status            int
	}{
		{"/", "text/html; charset=utf-8", 200},
		{"/main.js", "text/javascript; charset=utf-8", 200},
		{"/favicon.svg", "image/svg+xml", 200},
		{"/api/analyze?pos=", "application/json; charset=utf-8", 200},
		{"/api/analyze?pos=&stream=1", "text/event-stream; charset=utf-8", 200},
		{"/api/inspect?pos=4453", "application/json; charset=utf-8", 200},
		{"/api/move?pos=&level=perfect", "application/json; charset=utf-8", 200},
		{"/api/analyze?pos=" + fullColumn(), "application/json; charset=utf-8", 400},
		{"/api/move?pos=4&level=genius", "application/json; charset=utf-8", 400},
		{"/api/nope", "application/json; charset=utf-8", 404},
		{"/no-such-file", "text/plain; charset=utf-8", 404},
	} {
		status, h, body := do(t, ts, http.MethodHead, tc.path)
		if status != tc.status || h.Get("Content-Type") != tc.contentType || len(body) != 0 {
			t.Errorf("HEAD %s: status %d, Content-Type %q, %d bytes; want %d, %q, none", tc.path, status, h.Get("Content-Type"), len(body), tc.status, tc.contentType)
		}
	}
}

// TestServeStatic checks that the embedded app is served with the right
// types and headers.
func TestServeStatic(t *testing.T) {
	ts, _ := startServer(t, testOptions())
	for _, tc := range []struct{ path, contentType, contains string }{
		{"/", "text/html; charset=utf-8", "<title>fourgen"},
		{"/main.js", "text/javascript; charset=utf-8", "import "},
		{"/api.js", "text/javascript; charset=utf-8", "/api/analyze"},
		{"/board-element.js", "text/javascript; charset=utf-8", "customElements.define"},
		{"/style.css", "text/css; charset=utf-8", "#board-area"},
		{"/favicon.svg", "image/svg+xml", "<svg"},
		{"/favicon.ico", "image/svg+xml", "<svg"},
	} {
		status, h, body := get(t, ts, tc.path)
		if status != http.StatusOK || h.Get("Content-Type") != tc.contentType || !strings.Contains(string(body), tc.contains) {
			t.Errorf("GET %s: status %d, Content-Type %q, body contains %q: %v", tc.path, status, h.Get("Content-Type"), tc.contains, strings.Contains(string(body), tc.contains))
		}
		if csp := h.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") {
			t.Errorf("GET %s: Content-Security-Policy %q", tc.path, csp)
		}
	}
}

// TestServeInspect checks /api/inspect against the engine's inspection.
func TestServeInspect(t *testing.T) {
	ts, _ := startServer(t, testOptions())
	for _, ref := range refAnalyses(t, "positions/analyze_n12.txt", 20) {
		status, h, body := get(t, ts, "/api/inspect?pos="+ref.moves)
		if status != http.StatusOK {
			t.Fatalf("%s: status %d: %s", ref.moves, status, body)
		}
		a := decode[answer.Inspected](t, h, body)
		p, _ := board.Parse(movetest.Fixture(ref.moves))
		in := engine.Inspect(p)
		j := a.Inspect
		if j.Legal != hexWord(in.Legal) || j.Winning != hexWord(in.Winning) || j.Wins[0] != hexWord(in.Wins[0]) || j.Wins[1] != hexWord(in.Wins[1]) ||
			j.NonLosing != hexWord(in.NonLosing) || j.Guard != hexWord(in.Guard) || len(j.Order) != in.NumLegal {
			t.Errorf("%s: inspection %+v disagrees with %+v", ref.moves, j, in)
			continue
		}
		for i, m := range j.Order {
			if m.Col != in.Order[i]+1 || m.Rank != i+1 || m.Score != in.Moves[in.Order[i]].Score || m.WinsNow != in.Moves[in.Order[i]].WinsNow {
				t.Errorf("%s: order[%d] = %+v", ref.moves, i, m)
			}
		}
	}
}

// TestServeMove checks /api/move for every agent: a legal column, the new
// position, and the same choice for the same seed.
func TestServeMove(t *testing.T) {
	ts, _ := startServer(t, testOptions())
	ref := refAnalyses(t, "positions/analyze_n24.txt", 1)[0]
	for _, spec := range agent.Specs() {
		var first answer.Move
		for i := range 2 {
			path := "/api/move?" + url.Values{"pos": {ref.moves}, "level": {spec}, "seed": {"42"}}.Encode()
			status, h, body := get(t, ts, path)
			if status != http.StatusOK {
				t.Fatalf("%s: status %d: %s", spec, status, body)
			}
			m := decode[answer.Move](t, h, body)
			if m.Col < 1 || m.Col > board.Width || ref.scores[m.Col-1] == int(board.Invalid) {
				t.Fatalf("%s: column %d is not legal in %s", spec, m.Col, ref.moves)
			}
			if m.Pos != ref.moves+strconv.Itoa(m.Col) || m.Moves != len(ref.moves)+1 || m.Level != spec || m.Seed != 42 {
				t.Errorf("%s: answer %+v", spec, m)
			}
			if spec == "perfect" && ref.scores[m.Col-1] != slices.Max(ref.scores[:]) {
				t.Errorf("perfect plays column %d scoring %d; the best scores %d", m.Col, ref.scores[m.Col-1], slices.Max(ref.scores[:]))
			}
			if i == 0 {
				first = m
			} else if m.Col != first.Col {
				t.Errorf("%s with seed 42 played %d, then %d", spec, first.Col, m.Col)
			}
		}
	}
}

// TestServeMoveWinner checks the winner of /api/move (issue 9, item 4): the
// player who won when the move ends the game, and no "winner" at all
// while the game goes on (it used to be -1, which the API does not define).
func TestServeMoveWinner(t *testing.T) {
	ts, _ := startServer(t, testOptions())
	for _, tc := range []struct {
		pos, level string
		status     string
		winner     int // -1: absent
	}{
		{"121212", perfectOrGreedy(), "won", 1},  // column 1 wins at once
		{"1212123", perfectOrGreedy(), "won", 2}, // column 2 wins at once
		{"4453", "greedy", "playing", -1},        // no four in one move
	} {
		status, h, body := get(t, ts, "/api/move?"+url.Values{"pos": {tc.pos}, "level": {tc.level}, "seed": {"1"}}.Encode())
		if status != http.StatusOK {
			t.Fatalf("%s: status %d: %s", tc.pos, status, body)
		}
		m := decode[answer.Move](t, h, body)
		if m.Status != tc.status || winnerOf(m.Position) != tc.winner {
			t.Errorf("%s: status %q, winner %d; want %q, %d: %s", tc.pos, m.Status, winnerOf(m.Position), tc.status, tc.winner, body)
		}
		if tc.winner == -1 && strings.Contains(string(body), `"winner"`) {
			t.Errorf("%s: %s names a winner while the game goes on", tc.pos, body)
		}
	}
}

// TestServeImmediateWin checks issue 9's item 2 through the API: at
// bottomThree (445566 on 7×6) the columns either side of the three (3 and
// 7) win at once, and the inspector says so instead of calling them pruned.
func TestServeImmediateWin(t *testing.T) {
	ts, _ := startServer(t, testOptions())
	status, h, body := get(t, ts, "/api/inspect?pos="+bottomThree())
	if status != http.StatusOK {
		t.Fatalf("status %d: %s", status, body)
	}
	j := decode[answer.Inspected](t, h, body).Inspect
	for _, m := range j.Order {
		wins := m.Col == firstOfFour-1 || m.Col == firstOfFour+3
		if m.WinsNow != wins || wins && !m.NonLosing {
			t.Errorf("column %d: winsNow %v, nonLosing %v; want %v, true", m.Col, m.WinsNow, m.NonLosing, wins)
		}
	}
	p, _ := board.Parse(movetest.Fixture(bottomThree()))
	if j.Winning != hexWord(p.Legal().And(p.WinningCells())) || j.NonLosing == hexWord(board.NoCells) {
		t.Errorf("winning %s, nonLosing %s", j.Winning, j.NonLosing)
	}
}

// TestServeDeadline checks that a position too slow to solve in time is
// answered with an error status, quickly, and that the server goes on.
func TestServeDeadline(t *testing.T) {
	skipQuickBoard(t)
	cfg := testOptions()
	cfg.Timeout = 50 * time.Millisecond
	ts, _ := startServer(t, cfg)
	for _, path := range []string{"/api/analyze?pos=", "/api/move?pos=4&level=perfect"} {
		start := time.Now()
		status, h, body := get(t, ts, path)
		elapsed := time.Since(start)
		if status != http.StatusGatewayTimeout {
			t.Errorf("%s: status %d, want 504; body %s", path, status, body)
		}
		if e := decode[errorBody](t, h, body); !strings.Contains(e.Error, "took too long") {
			t.Errorf("%s: error %q", path, e.Error)
		}
		// Generous: a solver polls its context every few thousand
		// nodes; this catches a solve that ignores its deadline, not a
		// slow machine.
		if elapsed > time.Minute {
			t.Errorf("%s: answered after %v with a deadline of %v", path, elapsed, cfg.Timeout)
		}
	}
	if status, _, body := get(t, ts, "/api/analyze?pos=12121323234"); status != http.StatusOK && status != http.StatusGatewayTimeout {
		t.Errorf("after deadlines: status %d: %s", status, body)
	}
}

// TestServeBusy checks that a request finding every solver taken waits
// until its deadline and then gets 503.
func TestServeBusy(t *testing.T) {
	cfg := testOptions()
	cfg.MaxSolves, cfg.Timeout = 1, 100*time.Millisecond
	ts, h := startServer(t, cfg)
	sl, err := h.solvers.acquire(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	status, hdr, body := get(t, ts, "/api/analyze?pos=4453")
	if e := decode[errorBody](t, hdr, body); status != http.StatusServiceUnavailable || !strings.Contains(e.Error, "server busy") {
		t.Errorf("with every solver taken: status %d, error %q; want 503, server busy", status, e.Error)
	}
	h.solvers.release(sl)
	if status, _, body := get(t, ts, "/api/inspect?pos=4453"); status != http.StatusOK {
		t.Errorf("inspect needs no solver, yet: status %d: %s", status, body)
	}
}

// TestServeConcurrent sends 1,000 requests at once, valid and invalid
// mixed, and checks that each gets a sensible answer and that the server
// still answers afterwards.
func TestServeConcurrent(t *testing.T) {
	n := 1000
	if testing.Short() {
		n = 200
	}
	ts, _ := startServer(t, testOptions())
	refs := refAnalyses(t, "positions/analyze_n24.txt", 50)
	client := &http.Client{Transport: &http.Transport{MaxConnsPerHost: 64, MaxIdleConnsPerHost: 64}}
	defer client.CloseIdleConnections()

	type result struct {
		path   string
		status int
		err    error
	}
	results := make(chan result, n)
	var wg sync.WaitGroup
	for i := range n {
		var path string
		switch i % 5 {
		case 0, 1:
			path = "/api/analyze?pos=" + refs[i%len(refs)].moves
		case 2:
			path = "/api/analyze?pos=" + fullColumn()
		case 3:
			path = "/api/move?level=greedy&seed=7&pos=" + refs[i%len(refs)].moves
		case 4:
			path = "/api/inspect?pos=" + refs[i%len(refs)].moves + "x"
		}
		wg.Go(func() {
			res, err := client.Get(ts.URL + path)
			if err != nil {
				results <- result{path, 0, err}
				return
			}
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
			results <- result{path, res.StatusCode, nil}
		})
	}
	wg.Wait()
	close(results)
	counts := make(map[int]int)
	for r := range results {
		counts[r.status]++
		valid := !strings.Contains(r.path, fullColumn()) && !strings.HasSuffix(r.path, "x")
		switch {
		case r.err != nil:
			t.Errorf("%s: %v", r.path, r.err)
		case valid && r.status != http.StatusOK && r.status != http.StatusServiceUnavailable:
			t.Errorf("%s: status %d, want 200 (or 503 when busy)", r.path, r.status)
		case !valid && r.status != http.StatusBadRequest:
			t.Errorf("%s: status %d, want 400", r.path, r.status)
		}
	}
	t.Logf("statuses of %d concurrent requests: %v", n, counts)
	if status, _, body := get(t, ts, "/api/analyze?pos="+refs[0].moves); status != http.StatusOK {
		t.Errorf("afterwards: status %d: %s", status, body)
	}
}

// TestServeShutdown checks that cancelling the context stops the solves
// in flight and shuts the server down cleanly.
func TestServeShutdown(t *testing.T) {
	skipQuickBoard(t)
	cfg := testOptions()
	cfg.Timeout = time.Minute
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	srv := newServer(t, cfg)
	go func() { done <- srv.Serve(ctx, ln) }()
	// Once a request is answered, Serve has warmed its slot and serves:
	// a slot taken from then on is the long solve's.
	if res, err := http.Get("http://" + ln.Addr().String() + "/api/inspect?pos=4"); err != nil {
		t.Fatal(err)
	} else {
		res.Body.Close()
	}

	answered := make(chan int, 1)
	go func() {
		res, err := http.Get("http://" + ln.Addr().String() + "/api/analyze?pos=") // minutes to solve
		if err != nil {
			answered <- 0
			return
		}
		res.Body.Close()
		answered <- res.StatusCode
	}()
	// Cancel once the solve is in flight (its slot taken), however long
	// the request takes to get there on a loaded machine.
	for len(srv.solvers.slots) == cap(srv.solvers.slots) {
		time.Sleep(time.Millisecond)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Serve = %v, want nil", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the server did not shut down within 10s")
	}
	if status := <-answered; status != http.StatusServiceUnavailable {
		t.Errorf("the solve in flight got status %d, want 503", status)
	}
}

// serveBenchSet is the reference file BenchmarkServeAnalyze asks about,
// serveBenchThreads the threads of its solver.
var (
	serveBenchSet     = flag.String("serve-set", "pons/Test_L1_R1", "reference file of BenchmarkServeAnalyze, under the shared testdata")
	serveBenchThreads = flag.Int("serve-threads", runtime.GOMAXPROCS(0), "BenchmarkServeAnalyze: threads of the solver (c4 serve's default: every core)")
)

// BenchmarkServeAnalyze measures the latency of /api/analyze as c4 serve
// answers by default (default table, 10 s deadline, a solver of every core's
// threads, the embedded book), one request at a time, over every position
// of a reference file, by default the standard "beginning, easy" set.
// Positions that miss the deadline count in the metrics. Run it once:
//
//	go test ./internal/server -run '^$' -bench ServeAnalyze -benchtime 1x [-serve-set pons/Test_L1_R2] [-serve-threads 1]
func BenchmarkServeAnalyze(b *testing.B) {
	var positions []string
	for _, line := range refLines(b, *serveBenchSet, 1000) {
		positions = append(positions, strings.Fields(line)[0])
	}
	book, err := openingbook.Book()
	if err != nil {
		b.Fatal(err)
	}
	ts, h := startServer(b, Options{TableMiB: engine.DefaultTableMiB, MaxSolves: 1, Threads: *serveBenchThreads, Timeout: 10 * time.Second, Book: book})
	h.solvers.warm() // as Serve does before it answers
	var latencies []time.Duration
	statuses := make(map[int]int)
	var slow []int // stone counts of the positions that missed the deadline
	var slowest string
	var longest time.Duration
	for b.Loop() {
		for _, pos := range positions {
			start := time.Now()
			status, _, _ := get(b, ts, "/api/analyze?pos="+pos)
			took := time.Since(start)
			latencies = append(latencies, took)
			if took > longest {
				slowest, longest = pos, took
			}
			statuses[status]++
			if status == http.StatusGatewayTimeout {
				slow = append(slow, len(pos))
			}
		}
	}
	slices.Sort(latencies)
	quantile := func(q float64) time.Duration { return latencies[int(q*float64(len(latencies)-1))] }
	b.ReportMetric(float64(quantile(0.5).Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(quantile(0.99).Microseconds())/1000, "p99-ms")
	b.ReportMetric(float64(statuses[http.StatusGatewayTimeout])/float64(b.N), "timeouts/op")
	b.Logf("%d requests: statuses %v; p50 %v, p90 %v, p99 %v, max %v (%q); deadline missed at stone counts %v", len(latencies), statuses,
		quantile(0.5), quantile(0.9), quantile(0.99), latencies[len(latencies)-1], slowest, slow)
}

// TestNewRefusesTablesBeyondMemory checks that the solvers' tables must fit
// in memory together, not each on its own: every solver may be busy at once.
func TestNewRefusesTablesBeyondMemory(t *testing.T) {
	limit := engine.MaxTableMiB()
	if _, err := New(Options{TableMiB: limit, MaxSolves: 1}); err != nil {
		t.Fatalf("one solver of the largest table: %v", err)
	}
	for _, opts := range []Options{
		{TableMiB: limit/2 + 1, MaxSolves: 2},
		{TableMiB: 1 << 20, MaxSolves: 1 << 20},
		{TableMiB: limit + 1, MaxSolves: 1},
	} {
		if _, err := New(opts); err == nil {
			t.Errorf("New(%d solvers of %d MiB) accepted more than the machine's %d MiB", opts.MaxSolves, opts.TableMiB, limit)
		}
	}
}

// TestServeThreads checks that Options.Threads reaches the solvers, and
// that a thread count the engine does not take is refused.
func TestServeThreads(t *testing.T) {
	for _, n := range []int{-1, engine.MaxThreads + 1} {
		if _, err := New(Options{Threads: n}); err == nil {
			t.Errorf("New(Threads: %d) accepted", n)
		}
	}
	for opts, want := range map[Options]int{{}: 1, {Threads: 1}: 1, {Threads: 2}: 2} {
		opts.MaxSolves, opts.TableMiB = 1, 1
		srv, err := New(opts)
		if err != nil {
			t.Fatal(err)
		}
		err = srv.solve(t.Context(), func(_ context.Context, sl *solverSlot) error {
			s, err := sl.Solver()
			if err == nil && s.Threads() != want {
				t.Errorf("Options{Threads: %d}: the solver searches with %d threads, want %d", opts.Threads, s.Threads(), want)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}
