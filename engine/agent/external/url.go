package external

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/agent"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/connectx"
)

// maxResponseBytes bounds the answer of a url: agent.
const maxResponseBytes = 64 << 10

// maxRedirects bounds the redirects a url: agent follows, all to its own
// scheme and host.
const maxRedirects = 3

// urlAgent is a url: agent: a ConnectX remote agent.
type urlAgent struct {
	name   string   // url: and the URL with its credentials redacted
	url    *url.URL // where to POST, credentials included
	opts   Options
	client *http.Client
}

// newURL checks rawURL, an http or https URL.
func newURL(rawURL string, opts Options) (*urlAgent, error) {
	u, err := url.Parse(rawURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("agent url:%s: want an http:// or https:// URL", redactURL(rawURL))
	}
	a := &urlAgent{name: "url:" + redactURL(rawURL), url: u, opts: opts}
	a.client = &http.Client{Timeout: opts.Timeout, CheckRedirect: a.checkRedirect}
	return a, nil
}

// redirectError is a redirect a url: agent did not follow.
type redirectError struct {
	to     string // the redirect's URL, redacted
	reason string
}

func (e *redirectError) Error() string {
	return fmt.Sprintf("redirected to %s: not followed (%s)", e.to, e.reason)
}

// checkRedirect lets the client follow a redirect to the agent's own
// scheme and host, at most maxRedirects of them: another host's answer is
// not the agent's (nor to be quoted), and should not have the request.
func (a *urlAgent) checkRedirect(req *http.Request, via []*http.Request) error {
	switch {
	case !a.sameOrigin(req.URL):
		return &redirectError{to: redactURL(req.URL.String()), reason: "another host than " + a.url.Scheme + "://" + a.url.Host}
	case len(via) > maxRedirects:
		return &redirectError{to: redactURL(req.URL.String()), reason: fmt.Sprintf("over %d redirects", maxRedirects)}
	}
	return nil
}

// sameOrigin reports whether u has the agent's scheme and host.
func (a *urlAgent) sameOrigin(u *url.URL) bool {
	return u.Scheme == a.url.Scheme && strings.EqualFold(u.Host, a.url.Host)
}

func (a *urlAgent) Name() string { return a.name }

// Move POSTs the environment's request for p and reads the action.
func (a *urlAgent) Move(ctx context.Context, p board.Position) (int, error) {
	switch {
	case p.IsWon():
		return -1, engine.ErrGameOver
	case p.IsFull():
		return -1, engine.ErrNoMove
	}
	body, err := json.Marshal(connectx.NewRequest(p, a.opts.Timeout))
	if err != nil {
		return -1, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, a.url.String(), bytes.NewReader(body))
	if err != nil {
		return -1, err
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := a.client.Do(req)
	if err != nil {
		return -1, a.requestError(ctx, err)
	}
	defer res.Body.Close()
	if !a.sameOrigin(res.Request.URL) { // checkRedirect follows none, but never quote another host
		return -1, agent.Failf(agent.Crash, "answered by another host, %s: not read", redactURL(res.Request.URL.String()))
	}
	data, err := io.ReadAll(io.LimitReader(res.Body, maxResponseBytes+1))
	switch {
	case err != nil && ctx.Err() != nil:
		return -1, context.Cause(ctx)
	case err != nil:
		return -1, agent.Failf(failureKind(err), "reading the answer: %w", err)
	case len(data) > maxResponseBytes:
		return -1, agent.Failf(agent.Garbage, "an answer over %d bytes", maxResponseBytes)
	case res.StatusCode != http.StatusOK:
		return -1, agent.Failf(agent.Crash, "status %s: %s", res.Status, snippet(data))
	}
	var answer struct {
		Action *json.Number `json:"action"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&answer); err != nil || answer.Action == nil {
		return -1, agent.Failf(agent.Garbage, "answer %s: want {\"action\": column}, the column from 0", snippet(data))
	}
	col, err := strconv.Atoi(answer.Action.String())
	switch {
	case err != nil:
		return -1, agent.Failf(agent.Garbage, "action %s: want a column, 0 to %d", answer.Action, board.Width-1)
	case col < 0 || col >= board.Width:
		return -1, agent.Failf(agent.Illegal, "action %s: want a column, 0 to %d", answer.Action, board.Width-1)
	case !p.CanPlay(col):
		return -1, agent.Failf(agent.Illegal, "action %d: column %d (0-based) is full", col, col)
	}
	return col, nil
}

// requestError describes the failure of a request: the context's cause
// if it ended, otherwise an [agent.MoveError]: the redirect not followed,
// or the client's error with the URL it names redacted (net/http hides a
// password, not a user, which may be a token).
func (a *urlAgent) requestError(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return context.Cause(ctx)
	}
	if re, ok := errors.AsType[*redirectError](err); ok {
		return &agent.MoveError{Kind: agent.Crash, Err: re}
	}
	if ue, ok := errors.AsType[*url.Error](err); ok {
		ue.URL = redactURL(ue.URL)
	}
	return &agent.MoveError{Kind: failureKind(err), Err: err}
}

// failureKind is how a request that failed with err failed: a
// [agent.Timeout] when the client's timeout ran out, else a
// [agent.Crash].
func failureKind(err error) agent.FailureKind {
	if ne, ok := errors.AsType[net.Error](err); ok && ne.Timeout() {
		return agent.Timeout
	}
	return agent.Crash
}

// Close closes the agent's idle connections.
func (a *urlAgent) Close() error {
	a.client.CloseIdleConnections()
	return nil
}

// snippet quotes the start of an answer for an error.
func snippet(data []byte) string {
	const most = 200
	if len(data) > most {
		return strconv.Quote(string(data[:most])) + "..."
	}
	return strconv.Quote(string(data))
}
