package server

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"testing"
)

// TestHealth checks /healthz while the server serves: 200 and
// {"status":"ok"} for GET, the same status and no body for HEAD, 405 for
// other methods, and an answer that never touches a solver (every solver
// is taken while the probes run).
func TestHealth(t *testing.T) {
	ts, s := startServer(t, testOptions())
	// Take every solver: a probe must not wait for one.
	for range s.Options().MaxSolves {
		slot, err := s.solvers.acquire(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		defer s.solvers.release(slot)
	}
	for _, tc := range []struct {
		method string
		status int
		body   map[string]string // nil: no body
	}{
		{http.MethodGet, http.StatusOK, map[string]string{"status": "ok"}},
		{http.MethodHead, http.StatusOK, nil},
		{http.MethodPost, http.StatusMethodNotAllowed, map[string]string{"error": "method not allowed (want GET or HEAD)"}},
		{http.MethodDelete, http.StatusMethodNotAllowed, map[string]string{"error": "method not allowed (want GET or HEAD)"}},
	} {
		status, h, body := do(t, ts, tc.method, "/healthz")
		if status != tc.status {
			t.Errorf("%s /healthz: status %d, want %d", tc.method, status, tc.status)
		}
		if got := h.Get("Cache-Control"); got != "no-store" {
			t.Errorf("%s /healthz: Cache-Control %q, want no-store", tc.method, got)
		}
		if tc.body == nil {
			if len(body) != 0 {
				t.Errorf("%s /healthz: body %q, want none", tc.method, body)
			}
			continue
		}
		got := decode[map[string]string](t, h, body)
		if len(got) != len(tc.body) || got["status"] != tc.body["status"] || got["error"] != tc.body["error"] {
			t.Errorf("%s /healthz: %v, want %v", tc.method, got, tc.body)
		}
		if tc.status == http.StatusMethodNotAllowed && h.Get("Allow") != "GET, HEAD" {
			t.Errorf("%s /healthz: Allow %q, want GET, HEAD", tc.method, h.Get("Allow"))
		}
	}
}

// TestHealthShuttingDown checks that /healthz answers 503 once the
// server's context is cancelled, while its connections still carry
// requests, so that a platform stops routing to it before it closes.
func TestHealthShuttingDown(t *testing.T) {
	h := newServer(t, testOptions())
	ctx, cancel := context.WithCancel(t.Context())
	ts := httptest.NewUnstartedServer(h)
	ts.Config = h.httpServer(ctx)
	ts.Start()
	t.Cleanup(ts.Close)

	if status, _, body := get(t, ts, "/healthz"); status != http.StatusOK {
		t.Fatalf("before the shutdown: status %d: %s", status, body)
	}
	cancel()
	status, hdr, body := get(t, ts, "/healthz")
	if status != http.StatusServiceUnavailable {
		t.Errorf("after the shutdown began: status %d, want 503: %s", status, body)
	}
	var got struct{ Status string }
	if err := json.Unmarshal(body, &got); err != nil || got.Status != "shutting down" {
		t.Errorf("after the shutdown began: body %q (%v), want status \"shutting down\"", body, err)
	}
	if hdr.Get("Retry-After") == "" {
		t.Error("503 without Retry-After")
	}
}

// TestDeployProbes checks that the Kubernetes manifest of c4 serve probes
// a path this server answers with 200 and listens where the probes look:
// its --addr port is the containerPort named by the probes.
func TestDeployProbes(t *testing.T) {
	data, err := os.ReadFile("../../deploy/k8s/serve.yaml")
	if err != nil {
		t.Fatal(err)
	}
	probes := regexp.MustCompile(`(?m)^ +(liveness|readiness)Probe:\n +httpGet: \{path: (\S+), port: http\}`).FindAllSubmatch(data, -1)
	if len(probes) != 2 {
		t.Fatalf("want a liveness and a readiness probe by httpGet on port http, found %d", len(probes))
	}
	port := regexp.MustCompile(`\{name: http, containerPort: (\d+)\}`).FindSubmatch(data)
	addr := regexp.MustCompile(`args: \["serve", "--addr", ":(\d+)"`).FindSubmatch(data)
	if port == nil || addr == nil || string(port[1]) != string(addr[1]) {
		t.Errorf("the container port named http (%q) is not the port of serve --addr (%q)", port, addr)
	}
	ts, _ := startServer(t, testOptions())
	for _, p := range probes {
		if status, _, body := get(t, ts, string(p[2])); status != http.StatusOK {
			t.Errorf("%s probe GET %s: status %d: %s", p[1], p[2], status, body)
		}
	}
}
