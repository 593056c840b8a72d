package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/internal/connectx"
)

// TestURLAgentCredentialsHidden: the password of a url: agent's URL
// appears nowhere in what c4 match and c4 eval print (tables, reports,
// --json, --markdown, errors); the user does, with the password as xxxxx.
func TestURLAgentCredentialsHidden(t *testing.T) {
	needBook(t)
	agentServer := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		_, g, err := connectx.Parse(body)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		col, _ := agentFirstColumn(g.Position())
		fmt.Fprintf(w, `{"action": %d}`, col)
	}))
	defer agentServer.Close()
	failing := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "down", http.StatusServiceUnavailable)
	}))
	defer failing.Close()
	const secret = "s3cret"
	withPassword := func(base string) string {
		return "url:" + strings.Replace(base, "://", "://alice:"+secret+"@", 1)
	}
	good, bad := withPassword(agentServer.URL), withPassword(failing.URL)
	file, _ := evalPositions(t)
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"match", []string{"match", "--games", "1", good, "random"}},
		{"match, failing", []string{"match", "--games", "1", bad, "random"}},
		{"eval", []string{"eval", good, file, "--threads", "1", "--tt-mb", "8"}},
		{"eval --json", []string{"eval", good, file, "--json", "--threads", "1", "--tt-mb", "8"}},
		{"eval --markdown", []string{"eval", good, file, "--markdown", "--threads", "1", "--tt-mb", "8"}},
		{"eval, failing", []string{"eval", bad, file, "--threads", "1", "--tt-mb", "8"}},
		{"play", []string{"play", "--agent", good, "--side", "2"}},
	} {
		args := tc.args
		t.Run(tc.name, func(t *testing.T) {
			_, stdout, stderr := runC4(context.Background(), args...)
			if strings.Contains(stdout+stderr, secret) {
				t.Errorf("c4 %q prints the password:\nstdout %q\nstderr %q", args, stdout, stderr)
			}
			if !strings.Contains(stdout+stderr, "alice:xxxxx@") {
				t.Errorf("c4 %q does not name the agent with its password redacted:\nstdout %q\nstderr %q", args, stdout, stderr)
			}
		})
	}
}
