package server

import "net/http"

// This file answers /healthz, the liveness and readiness probe of
// container platforms (Kubernetes' httpGet probes, load balancers).

// Bodies of /healthz: constant, so that a probe costs no solver, no
// allocation of an answer and no lock.
const (
	healthyBody  = `{"status":"ok"}` + "\n"
	stoppingBody = `{"status":"shutting down"}` + "\n"
)

// health answers GET and HEAD on /healthz with 200 and {"status":"ok"}
// while the server serves, and with 503 and {"status":"shutting down"}
// once its context is cancelled: requests derive their context from the
// one given to Serve (see httpServer), so a probe that arrives during the
// shutdown sees it ended, and a platform stops sending traffic before the
// listener closes. Other methods get 405.
func (s *Server) health(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("X-Content-Type-Options", "nosniff")
	status, body := http.StatusOK, healthyBody
	switch {
	case r.Method != http.MethodGet && r.Method != http.MethodHead:
		h.Set("Allow", "GET, HEAD")
		status, body = http.StatusMethodNotAllowed, `{"error":"method not allowed (want GET or HEAD)"}`+"\n"
	case r.Context().Err() != nil:
		h.Set("Retry-After", "1")
		status, body = http.StatusServiceUnavailable, stoppingBody
	}
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		w.Write([]byte(body))
	}
}
