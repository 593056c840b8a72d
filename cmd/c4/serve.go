package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"runtime"
	"time"

	"github.com/fourgen/fourgen/engine"
)

const serveHelp = `Serve runs a web server with a single-page app to play Connect 4 against
the engine's agents (or two people on one screen), see the exact score of
every column, and inspect the position as the solver sees it: its two
64-bit words, the threats of each side and the move ordering. Everything
the page needs is built into the binary; it works offline.

The page talks to a JSON API, also usable on its own:

  GET /api/analyze?pos=MOVES   scores of every column, best columns, outcome
      add &stream=1 for server-sent events: progress, then the result
  GET /api/inspect?pos=MOVES   words, threats and move ordering, no solving
  GET /api/move?pos=MOVES&level=SPEC[&seed=S]
                               the move an agent plays (SPEC: perfect,
                               level1 to level5, random, greedy)

HEAD checks a request without solving. Errors are JSON {"error": "..."}:
400 for a bad position, level or seed, 405 for a method other than GET
or HEAD, 414 for a query over 4 KiB, 431 for a request line and headers
over 16 KiB, 503 (with Retry-After) when every solver stays busy for
--timeout, 504 when a solve takes longer than --timeout.

The embedded opening book knows the score of every position of 8 stones,
so solving one of at most 8 is quick; analysing one (the scores of its
columns: positions of one more stone, searched) can take seconds, which
the page shows as it goes. With --no-book positions of few stones take
very long: expect 504s for them.

At most --max-solves requests solve at once, each with its own solver of
--tt-mb MiB, so memory grows to about max-solves × tt-mb MiB. Interrupting
(Ctrl-C) stops the running solves and shuts the server down cleanly.
`

// serveConfig is what the server needs from the command line.
type serveConfig struct {
	tableMiB  int           // transposition table of each solver, MiB
	maxSolves int           // requests solving at once
	timeout   time.Duration // longest wait for a solver, and longest solve, of one request
	book      *engine.Book  // opening book, or nil
}

// runServe serves the web app and its API until ctx is cancelled.
func runServe(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:8080", "`host:port` to listen on (port 0 picks a free one)")
	maxSolves := fs.Int("max-solves", runtime.GOMAXPROCS(0), "most requests solving at once; others wait until their deadline")
	timeout := fs.Duration("timeout", 10*time.Second, "longest wait for a free solver (then 503), and longest solve (then 504), of one request")
	bookChoice := addBookFlags(fs)
	tableMiB := tableFlag(fs)
	if err := parseFlags(fs, args, stdout); err != nil {
		return err
	}
	switch {
	case fs.NArg() > 0:
		return usageErrorf("serve", "want no arguments, got %q", fs.Args())
	case *maxSolves < 1:
		return usageErrorf("serve", "--max-solves %d: want at least 1", *maxSolves)
	case *timeout <= 0:
		return usageErrorf("serve", "--timeout %v: want a positive duration", *timeout)
	}
	if err := checkTable("serve", *tableMiB); err != nil {
		return err
	}
	cfg := serveConfig{tableMiB: *tableMiB, maxSolves: *maxSolves, timeout: *timeout}
	var err error
	if cfg.book, err = bookChoice.load("serve"); err != nil {
		return err
	}

	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	srv := newHTTPServer(ctx, newServer(cfg))
	fmt.Fprintf(stderr, "c4 serve: listening on http://%s/ (Ctrl-C to stop)\n", ln.Addr())
	return serveUntilDone(ctx, srv, ln, stderr)
}

// newHTTPServer wraps h in an http.Server with limits on every phase of a
// request. Request contexts derive from ctx, so that cancelling it stops
// the running solves.
func newHTTPServer(ctx context.Context, h *server) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		// The handler may wait a whole --timeout for a solver and then
		// solve for another; leave room to write the answer after that.
		// A stream of events lasts as long, no longer.
		WriteTimeout:   2*h.cfg.timeout + 10*time.Second,
		IdleTimeout:    time.Minute,
		MaxHeaderBytes: maxHeaderBytes, // net/http answers 431 beyond headerLimit
		BaseContext:    func(net.Listener) context.Context { return ctx },
	}
}

// serveUntilDone serves on ln until ctx is cancelled, then shuts srv down,
// giving the requests in flight (whose contexts are cancelled too) a few
// seconds to answer.
func serveUntilDone(ctx context.Context, srv *http.Server, ln net.Listener, stderr io.Writer) error {
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	fmt.Fprintln(stderr, "c4 serve: shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("serve: shutdown: %w", err)
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve: %w", err)
	}
	return nil
}
