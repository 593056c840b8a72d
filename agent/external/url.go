package external

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"

	"github.com/fourgen/fourgen/board"
	"github.com/fourgen/fourgen/internal/connectx"
	"github.com/fourgen/fourgen/solver"
)

// maxResponseBytes bounds the answer of a url: agent.
const maxResponseBytes = 64 << 10

// urlAgent is a url: agent: a ConnectX remote agent.
type urlAgent struct {
	name   string
	url    string
	opts   Options
	client *http.Client
}

// newURL checks rawURL, an http or https URL.
func newURL(rawURL string, opts Options) (*urlAgent, error) {
	u, err := url.Parse(rawURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("agent url:%s: want an http:// or https:// URL", rawURL)
	}
	return &urlAgent{name: "url:" + rawURL, url: rawURL, opts: opts, client: &http.Client{Timeout: opts.Timeout}}, nil
}

func (a *urlAgent) Name() string { return a.name }

// Move POSTs the environment's request for p and reads the action.
func (a *urlAgent) Move(ctx context.Context, p board.Position) (int, error) {
	switch {
	case p.IsWon():
		return -1, solver.ErrGameOver
	case p.IsFull():
		return -1, solver.ErrNoMove
	}
	body, err := json.Marshal(connectx.NewRequest(p, a.opts.Timeout))
	if err != nil {
		return -1, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, a.url, bytes.NewReader(body))
	if err != nil {
		return -1, err
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := a.client.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return -1, context.Cause(ctx)
		}
		return -1, err
	}
	defer res.Body.Close()
	data, err := io.ReadAll(io.LimitReader(res.Body, maxResponseBytes+1))
	if err != nil {
		return -1, fmt.Errorf("reading the answer: %w", err)
	}
	if len(data) > maxResponseBytes {
		return -1, fmt.Errorf("an answer over %d bytes", maxResponseBytes)
	}
	if res.StatusCode != http.StatusOK {
		return -1, fmt.Errorf("status %s: %s", res.Status, snippet(data))
	}
	var answer struct {
		Action *json.Number `json:"action"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&answer); err != nil || answer.Action == nil {
		return -1, fmt.Errorf("answer %s: want {\"action\": column}, the column from 0", snippet(data))
	}
	col, err := strconv.Atoi(answer.Action.String())
	if err != nil || col < 0 || col >= board.Width {
		return -1, fmt.Errorf("action %s: want a column, 0 to %d", answer.Action, board.Width-1)
	}
	if !p.CanPlay(col) {
		return -1, fmt.Errorf("action %d: column %d (0-based) is full", col, col)
	}
	return col, nil
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
