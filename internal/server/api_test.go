package server

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/answer"
)

// TestServeUnknownParams checks that every endpoint refuses a parameter it
// does not know, and a repeated one, with a 400 naming each: a misspelt
// name ("position" for "pos") must not be answered as if it were absent
// (issue 20 item 1: /api/analyze?position=4453 analysed the empty board).
func TestServeUnknownParams(t *testing.T) {
	cfg := testOptions()
	cfg.Timeout = time.Second // nothing here is solved, unless a parameter is ignored
	ts, _ := startServer(t, cfg)
	for _, tc := range []struct {
		path string
		want []string // in the error message
	}{
		{"/api/analyze?position=4453", []string{`unknown parameter "position"`, "want pos, board or stream"}},
		{"/api/analyze?pos=4&Pos=5", []string{`"Pos"`}},
		{"/api/analyze?pos=4&stream=1&streams=1", []string{`"streams"`}},
		{"/api/analyze?pos=4&stream=1&stream=1", []string{"stream given 2 times"}},
		{"/api/analyze?=4", []string{`unknown parameter ""`}},
		{"/api/inspect?moves=4453", []string{`unknown parameter "moves"`, "want pos or board)"}},
		{"/api/inspect?pos=4453&stream=1", []string{`unknown parameter "stream"`}},
		{"/api/inspect?pos=4&pos=4", []string{"pos given 2 times"}},
		{"/api/move?pos=4&level=random&sede=7", []string{`unknown parameter "sede"`, "want pos, board, level or seed"}},
		{"/api/move?pos=4&lvl=random", []string{`"lvl"`}},
		{"/api/move?pos=4&level=random&seed=1&seed=1&level=greedy", []string{"level given 2 times, seed given 2 times: want each once"}},
		{"/api/move?b=1&a=2&pos=4&pos=4&level=random", []string{`unknown parameters "a", "b"`, "pos given 2 times, want once"}},
	} {
		status, h, body := get(t, ts, tc.path)
		e := decode[answer.Error](t, h, body)
		if status != http.StatusBadRequest {
			t.Errorf("%s: status %d, want 400; body %s", tc.path, status, body)
		}
		for _, want := range tc.want {
			if !strings.Contains(e.Error, want) {
				t.Errorf("%s: error %q, want it to contain %q", tc.path, e.Error, want)
			}
		}
		if e.ValidMoves != nil {
			t.Errorf("%s: validMoves %d for an error that is not the position's", tc.path, *e.ValidMoves)
		}
	}
}

// TestCheckParams checks the rule itself on every combination of a few
// names: a query passes exactly when each of its names is known and given
// once, and the message names every offending one.
func TestCheckParams(t *testing.T) {
	known := []string{"pos", "stream"}
	names := []string{"pos", "stream", "position", "x"}
	for mask := range 1 << (2 * len(names)) {
		q := url.Values{}
		for i, name := range names {
			for range mask >> (2 * i) & 3 { // each name 0 to 3 times
				q.Add(name, "1")
			}
		}
		err := checkParams(q, known)
		var bad []string
		for name, vs := range q {
			if !slices.Contains(known, name) || len(vs) > 1 {
				bad = append(bad, name)
			}
		}
		switch {
		case len(bad) == 0 && err != nil:
			t.Errorf("%v: refused: %v", q, err)
		case len(bad) > 0 && err == nil:
			t.Errorf("%v: accepted, want %v refused", q, bad)
		case err != nil:
			if he := asHTTPError(err); he.status != http.StatusBadRequest {
				t.Errorf("%v: status %d, want 400", q, he.status)
			}
			for _, name := range bad {
				if !strings.Contains(err.Error(), name) {
					t.Errorf("%v: error %q does not name %q", q, err, name)
				}
			}
		}
	}
}

// TestServeHeadHeaders checks that HEAD gets the headers GET gets, and
// either no Content-Length or GET's: the API answers HEAD without solving,
// and once sent the length of that shorter answer (issue 20 item 4: 1858
// against GET's 1857 for pos=4453).
func TestServeHeadHeaders(t *testing.T) {
	ts, _ := startServer(t, testOptions())
	pos := opponentPosition(t) // quick to solve on every board
	for _, path := range []string{
		"/api/analyze?pos=" + pos,
		"/api/analyze?stream=1&pos=" + pos,
		"/api/analyze?pos=" + bottomFour(), // over: HEAD and GET say the same
		"/api/analyze?stream=1&pos=" + bottomFour(),
		"/api/inspect?pos=" + pos,
		"/api/move?level=greedy&seed=7&pos=" + pos,
		"/api/analyze?pos=" + fullColumn(),
		"/api/move?pos=4",
		"/api/nope",
		"/",
		"/main.js",
		"/favicon.ico",
	} {
		getStatus, getHeader, body := get(t, ts, path)
		headStatus, headHeader, _ := do(t, ts, http.MethodHead, path)
		if headStatus != getStatus {
			t.Errorf("%s: HEAD status %d, GET %d", path, headStatus, getStatus)
		}
		if n := headHeader.Get("Content-Length"); n != "" && n != getHeader.Get("Content-Length") {
			t.Errorf("%s: HEAD Content-Length %s, GET %q with a body of %d bytes", path, n, getHeader.Get("Content-Length"), len(body))
		}
		for name := range mergeKeys(getHeader, headHeader) {
			if name == "Date" || name == "Content-Length" {
				continue
			}
			if g, h := getHeader.Values(name), headHeader.Values(name); !slices.Equal(g, h) {
				t.Errorf("%s: header %s: HEAD %q, GET %q", path, name, h, g)
			}
		}
	}
}

// mergeKeys returns the set of header names in a or b.
func mergeKeys(a, b http.Header) map[string]bool {
	keys := map[string]bool{}
	for k := range a {
		keys[k] = true
	}
	for k := range b {
		keys[k] = true
	}
	return keys
}

// FuzzQuery sends any query to /api/inspect, which solves nothing, and
// checks the answer: a JSON 200 exactly when the query parses, names no
// parameter but pos, at most once, and pos is a position the engine
// accepts; otherwise a JSON 400 (or 414 when too long) whose message names
// what is wrong.
func FuzzQuery(f *testing.F) {
	for _, q := range []string{"", "pos=4453", "position=4453", "pos=4&pos=5", "pos=4;x", "pos=%zz", "=4", "pos", "&&pos=44&",
		"pos=44444444", "pos=4453&stream=1", "Pos=1", "pos=%ef%bb%bf4453", "pos=" + strings.Repeat("4", 4000)} {
		f.Add(q)
	}
	s := newServer(f, testOptions())
	f.Fuzz(func(t *testing.T, raw string) {
		r := httptest.NewRequest(http.MethodGet, "/api/inspect", nil)
		r.URL.RawQuery = raw
		w := httptest.NewRecorder()
		s.ServeHTTP(w, r)
		res := w.Result()
		body := w.Body.Bytes()
		if ct := res.Header.Get("Content-Type"); ct != "application/json; charset=utf-8" || !json.Valid(body) {
			t.Fatalf("%q: %d %q %q", raw, res.StatusCode, ct, body)
		}
		q, err := url.ParseQuery(raw)
		ok := err == nil && len(raw) <= maxQueryBytes && checkParams(q, []string{"pos"}) == nil
		if ok {
			_, err = board.Parse(q.Get("pos"))
			ok = err == nil
		}
		switch {
		case ok && res.StatusCode != http.StatusOK:
			t.Fatalf("%q: status %d, want 200: %s", raw, res.StatusCode, body)
		case !ok && res.StatusCode != http.StatusBadRequest && res.StatusCode != http.StatusRequestURITooLong:
			t.Fatalf("%q: status %d, want 400 or 414: %s", raw, res.StatusCode, body)
		case ok:
			var a answer.Inspected
			if err := json.Unmarshal(body, &a); err != nil || a.Pos != q.Get("pos") {
				t.Fatalf("%q: answer %s (%v), want pos %q", raw, body, err, q.Get("pos"))
			}
		}
		if !ok && err == nil && len(raw) <= maxQueryBytes {
			// A query that parses: the message names each bad parameter.
			var e answer.Error
			json.Unmarshal(body, &e)
			for name, vs := range q {
				if (name != "pos" || len(vs) > 1) && !strings.Contains(e.Error, strconv.Quote(name)) && !strings.Contains(e.Error, name+" given") {
					t.Fatalf("%q: error %q does not name %q", raw, e.Error, name)
				}
			}
		}
	})
}
