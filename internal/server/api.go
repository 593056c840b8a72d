package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/answer"
)

// This file adapts the API's endpoints to HTTP: methods, query limits,
// parameters, and answers and errors as JSON.

// httpError is an error with the HTTP status to answer it with.
type httpError struct {
	status int
	msg    string
	// validMoves is, for a refused move string, how many of its first
	// moves can be played; -1 for other errors.
	validMoves int
}

func (e *httpError) Error() string { return e.msg }

// httpErrorf returns an [httpError].
func httpErrorf(status int, format string, a ...any) error {
	return &httpError{status: status, msg: fmt.Sprintf(format, a...), validMoves: -1}
}

// apiFunc is one endpoint of the API. It returns the answer to write as
// JSON, or an error; a nil answer with a nil error means that it wrote the
// answer itself (a stream). For HEAD it checks the query and returns any
// answer without doing the work: net/http drops the body.
type apiFunc func(w http.ResponseWriter, r *http.Request, q url.Values) (any, error)

// apiHandler adapts an API function to HTTP: it refuses methods other than
// GET and HEAD and overlong queries, parses the query, refuses parameters
// other than known and repeated ones (see [checkParams]), and writes the
// function's answer or error as JSON. An error that is no [httpError] is a
// bug and answered with 500. An endpoint without parameters lists none.
func apiHandler(f apiFunc, known ...string) http.Handler {
	return serveAPI(func(w http.ResponseWriter, r *http.Request, q url.Values) (any, error) {
		if err := checkParams(q, known); err != nil {
			return nil, err
		}
		return f(w, r, q)
	})
}

// serveAPI is [apiHandler] without the check of the parameters, for the
// answer to paths that are no endpoint.
func serveAPI(f apiFunc) http.Handler {
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
			status, v = he.status, errorAnswer(he)
			if status == http.StatusServiceUnavailable {
				w.Header().Set("Retry-After", "1")
			}
		case v == nil:
			return // written by f
		}
		writeJSON(w, r, status, v)
	})
}

// checkParams refuses a query with a parameter not in known, or with one
// given more than once, naming each such parameter: a misspelt name
// ("position" for "pos") would otherwise be answered as if it were absent.
func checkParams(q url.Values, known []string) error {
	var unknown, repeated []string
	for name, vs := range q {
		switch {
		case !slices.Contains(known, name):
			unknown = append(unknown, strconv.Quote(name))
		case len(vs) > 1:
			repeated = append(repeated, fmt.Sprintf("%s given %d times", name, len(vs)))
		}
	}
	if len(unknown) == 0 && len(repeated) == 0 {
		return nil
	}
	slices.Sort(unknown) // maps have no order; messages should
	slices.Sort(repeated)
	var msgs []string
	if len(unknown) > 0 {
		noun := "parameter"
		if len(unknown) > 1 {
			noun += "s"
		}
		msgs = append(msgs, fmt.Sprintf("unknown %s %s (%s)", noun, strings.Join(unknown, ", "), knownText(known)))
	}
	switch len(repeated) {
	case 0:
	case 1:
		msgs = append(msgs, repeated[0]+", want once")
	default:
		msgs = append(msgs, strings.Join(repeated, ", ")+": want each once")
	}
	return httpErrorf(http.StatusBadRequest, "%s", strings.Join(msgs, "; "))
}

// knownText says which parameters an endpoint takes.
func knownText(known []string) string {
	switch len(known) {
	case 0:
		return "this endpoint takes none"
	case 1:
		return "want " + known[0]
	}
	return "want " + strings.Join(known[:len(known)-1], ", ") + " or " + known[len(known)-1]
}

// errorAnswer is the JSON answer to he.
func errorAnswer(he *httpError) answer.Error {
	e := answer.Error{Error: he.msg}
	if he.validMoves >= 0 {
		e.ValidMoves = &he.validMoves
	}
	return e
}

// asHTTPError returns err as an [httpError]: a 400 for an
// [answer.Refusal], a 500 if it is neither.
func asHTTPError(err error) *httpError {
	if he, ok := errors.AsType[*httpError](err); ok {
		return he
	}
	if r, ok := errors.AsType[*answer.Refusal](err); ok {
		return &httpError{status: http.StatusBadRequest, msg: r.Msg, validMoves: r.ValidMoves}
	}
	return &httpError{status: http.StatusInternalServerError, msg: err.Error(), validMoves: -1}
}

// checkOnly reports whether r only asks for the headers of the answer.
func checkOnly(r *http.Request) bool { return r.Method == http.MethodHead }

// ruleHeader names, on every JSON answer, the game this server plays (as
// c4 version's board and rule lines): /solve's answer is gamesolver.org's
// {"pos","score"} exactly, so the rule is said beside it, not in it.
const ruleHeader = "X-Fourgen-Rule"

// ruleHeaderValue is ruleHeader's value: "7x6 four in a row", "7x6 5 in
// a row" for a build of make c4 K=5.
var ruleHeaderValue = fmt.Sprintf("%dx%d %s", board.Width, board.Height, board.Rule())

// writeJSON writes v as the JSON answer with the given status. To HEAD
// it sends the headers alone: the answer to HEAD is made without the work
// (no solve), so its length is not the GET answer's, and a Content-Length
// computed from it would be false.
func writeJSON(w http.ResponseWriter, r *http.Request, status int, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		status = http.StatusInternalServerError
		body = []byte(`{"error":"cannot encode the answer"}`)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set(ruleHeader, ruleHeaderValue)
	w.WriteHeader(status)
	if checkOnly(r) {
		return // net/http sends no Content-Length for a HEAD without a body
	}
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
