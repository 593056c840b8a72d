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

var serveHelp = helpText("serve")

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
	defer interrupt.Say(ctx, stderr, "c4 serve: shutting down")()
	return srv.Serve(ctx, ln)
}
