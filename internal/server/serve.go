package server

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"
)

// shutdownGrace is how long Serve lets the requests in flight answer once
// its context ends; their own contexts end too, which stops their solves.
const shutdownGrace = 5 * time.Second

// Serve serves s on ln until ctx is cancelled, then shuts down: it stops
// accepting, cancels the requests in flight (a solve answers 503) and waits
// a few seconds for them to answer. It returns nil after a clean shutdown.
// Before it answers any request it makes one solver of the pool, so that
// the first request that needs one does not wait for its table (ln already
// holds the connections that come meanwhile).
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	srv := s.httpServer(ctx)
	errc := make(chan error, 1)
	s.solvers.warm() // the first analysis need not wait for a table
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("serve: shutdown: %w", err)
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve: %w", err)
	}
	return nil
}

// httpServer wraps s in an http.Server with limits on every phase of a
// request. Request contexts derive from ctx, so that cancelling it stops
// the running solves.
func (s *Server) httpServer(ctx context.Context) *http.Server {
	return &http.Server{
		Handler:           s,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		// The handler may wait a whole Timeout for a solver and then
		// solve for another; leave room to write the answer after that.
		// A stream of events lasts as long, no longer.
		WriteTimeout:   2*s.opts.Timeout + 10*time.Second,
		IdleTimeout:    time.Minute,
		MaxHeaderBytes: maxHeaderBytes, // net/http answers 431 beyond headerLimit
		BaseContext:    func(net.Listener) context.Context { return ctx },
	}
}
