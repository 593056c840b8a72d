package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"runtime"
	"strings"

	"github.com/fourgen/fourgen/internal/interrupt"
	"github.com/fourgen/fourgen/internal/server"
)

const serveHelp = `Serve runs a web server with a single-page app to play Connect 4 against
the engine's agents (or two people on one screen), see the exact score of
every column, and inspect the position as the solver sees it: its two
64-bit words, the threats of each side and the move ordering. Everything
the page needs is built into the binary; it works offline.

The page talks to a JSON API, also usable on its own:

  GET /api/analyze?pos=MOVES   scores of every column, best columns, outcome
      add &stream=1 for server-sent events: progress, then the result
  GET /api/inspect?pos=MOVES   the board, words, threats and move ordering,
                               no solving
  GET /api/move?pos=MOVES&level=SPEC[&seed=S]
                               the move an agent plays (SPEC: perfect,
                               level1 to level5, random, greedy,
                               mcts:N)

Every answer gives the board's size (width, height), its stones, whose
turn, status, winner, the cells of a winning four and the legal columns.
HEAD checks a request without solving. Errors are JSON {"error": "..."}:
400 for a bad position, level or seed, 405 for a method other than GET
or HEAD, 414 for a query over 4 KiB, 431 for a request line and headers
over 16 KiB, 503 (with Retry-After) when every solver stays busy for
--timeout, 504 when a solve takes longer than --timeout.

The embedded opening book knows the score of every position of 9 stones,
so solving or analysing one of at most 8 takes milliseconds; analysing
one of 9 (the scores of its columns: positions of 10 stones, searched)
can take a second or two, which the page shows as it goes. With
--no-book positions of few stones take very long: expect 504s for them.

At most --max-solves requests solve at once, each with its own solver of
--tt-mb MiB, made at its first search beyond the book, so memory grows to
about max-solves × tt-mb MiB. Positions the book answers, random, greedy,
the levels below 12 stones and mcts:N up to 10000 playouts run apart, with
a small table, and never wait for those solvers. mcts:N is capped at
1000000 playouts per move. Each solve
searches with --threads threads (default: every core, so that one user's
request has the whole machine; concurrent solves then share the cores).
Interrupting (Ctrl-C) stops the running solves and shuts the server down
cleanly.
`

// runServe serves the web app and its API (package internal/server) until
// ctx is cancelled.
func runServe(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:8080", "`host:port` to listen on (port 0 picks a free one; :8080 for every interface)")
	maxSolves := fs.Int("max-solves", runtime.GOMAXPROCS(0), "most requests solving at once; others wait until their deadline")
	timeout := fs.Duration("timeout", server.DefaultTimeout, "longest wait for a free solver (then 503), and longest solve (then 504), of one request")
	bookChoice := addBookFlags(fs)
	tableMiB := tableFlag(fs)
	threads := threadsFlag(fs, allCores())
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
	case strings.TrimSpace(*addr) == "":
		// net.Listen takes "" for every interface: that must be asked for.
		return usageErrorf("serve", "--addr %q: want host:port (127.0.0.1:8080 for this machine only; --addr :8080 listens on every interface)", *addr)
	}
	if err := checkTable("serve", *tableMiB); err != nil {
		return err
	}
	if err := checkThreads("serve", *threads); err != nil {
		return err
	}
	book, err := bookChoice.load("serve")
	if err != nil {
		return err
	}
	srv, err := server.New(server.Options{TableMiB: *tableMiB, MaxSolves: *maxSolves, Timeout: *timeout, Book: book, Threads: *threads})
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	fmt.Fprintf(stderr, "c4 serve: listening on http://%s/ (Ctrl-C to stop)\n", ln.Addr())
	interrupt.Allow(ctx, finishGrace)
	stop := context.AfterFunc(ctx, func() { fmt.Fprintln(stderr, "c4 serve: shutting down") })
	defer stop()
	return srv.Serve(ctx, ln)
}
