package server

import (
	"fmt"
	"net/http"
	"net/url"
	"runtime"
	"time"

	"github.com/fourgen/fourgen/engine"
)

// Limits on what a client may send. A move string is at most board.Cells
// bytes, so a query of a few KB is already far more than any valid one.
const (
	maxQueryBytes = 4 << 10  // longer queries get 414
	headerLimit   = 16 << 10 // request line and headers; net/http answers 431 beyond
	maxBodyBytes  = 1 << 10  // the API reads no body; this only caps what is drained

	// netHTTPSlack is what net/http reads beyond http.Server.MaxHeaderBytes
	// before answering 431 (its "bufio slop"), so that MaxHeaderBytes of
	// headerLimit - netHTTPSlack puts the limit at headerLimit.
	netHTTPSlack   = 4 << 10
	maxHeaderBytes = headerLimit - netHTTPSlack
)

// DefaultTimeout is the deadline of [Options.Timeout] when it is zero.
const DefaultTimeout = 10 * time.Second

// Options configures a [Server]. The zero value is usable: every zero
// field takes its default.
type Options struct {
	// TableMiB is the transposition table of each solver, in MiB;
	// 0 for engine.DefaultTableMiB.
	TableMiB int
	// MaxSolves is the most requests solving at once; others wait for up to
	// Timeout. 0 for runtime.GOMAXPROCS(0). As many more may run cheap work
	// at once (see lanes.go), with a small table instead of TableMiB.
	MaxSolves int
	// Timeout is the longest wait for a free solver (then 503), and the
	// longest solve (then 504), of one request; 0 for DefaultTimeout.
	Timeout time.Duration
	// Book is the opening book of the solvers and agents, nil for none.
	Book *engine.Book
	// Threads is the number of threads each solve searches with (see
	// engine.Solver.SetThreads); 0 for 1. With MaxSolves solves at once,
	// up to MaxSolves × Threads threads share the cores.
	Threads int
}

// Server is the HTTP handler of the API under /api/ and of the embedded
// web app everywhere else. It is safe for concurrent use.
type Server struct {
	opts    Options
	solvers *solverPool
	// boardReaders holds a token for each board that may be read at once
	// (see readBoard): MaxSolves of them.
	boardReaders chan struct{}
	// cheap holds a place for each request that may run cheap work at
	// once, apart from the pool (see lanes.go): MaxSolves of them.
	cheap chan struct{}
	mux   *http.ServeMux
}

// New returns a server for opts, with defaults for its zero fields. It
// refuses negative fields and a table the engine cannot allocate.
func New(opts Options) (*Server, error) {
	switch {
	case opts.MaxSolves < 0:
		return nil, fmt.Errorf("server: MaxSolves %d: want at least 1 (or 0 for the default)", opts.MaxSolves)
	case opts.Threads < 0 || opts.Threads > engine.MaxThreads:
		return nil, fmt.Errorf("server: Threads %d: want 1 to %d (or 0 for 1)", opts.Threads, engine.MaxThreads)
	case opts.Timeout < 0:
		return nil, fmt.Errorf("server: Timeout %v: want a positive duration (or 0 for the default)", opts.Timeout)
	case opts.TableMiB < 0:
		return nil, fmt.Errorf("server: TableMiB %d: want at least 1 (or 0 for the default)", opts.TableMiB)
	}
	if opts.TableMiB == 0 {
		opts.TableMiB = engine.DefaultTableMiB
	}
	if opts.MaxSolves == 0 {
		opts.MaxSolves = runtime.GOMAXPROCS(0)
	}
	if opts.Timeout == 0 {
		opts.Timeout = DefaultTimeout
	}
	if err := engine.CheckTableMiB(opts.TableMiB); err != nil {
		return nil, fmt.Errorf("server: TableMiB %d: %w", opts.TableMiB, err)
	}
	// Every solver may be busy at once: their tables must fit together.
	if total := opts.TableMiB * opts.MaxSolves; opts.TableMiB > 0 && total/opts.TableMiB == opts.MaxSolves {
		if err := engine.CheckTableMiB(total); err != nil {
			return nil, fmt.Errorf("server: %d solvers of %d MiB each need %d MiB: %w", opts.MaxSolves, opts.TableMiB, total, err)
		}
	} else {
		return nil, fmt.Errorf("server: %d solvers of %d MiB each: too much memory", opts.MaxSolves, opts.TableMiB)
	}
	s := &Server{opts: opts, solvers: newSolverPool(opts.MaxSolves, opts.TableMiB, max(opts.Threads, 1), opts.Book), boardReaders: make(chan struct{}, opts.MaxSolves), cheap: make(chan struct{}, opts.MaxSolves), mux: http.NewServeMux()}
	for range opts.MaxSolves {
		s.boardReaders <- struct{}{}
		s.cheap <- struct{}{}
	}
	s.mux.Handle("/api/analyze", apiHandler(s.analyze, "pos", "board", "stream"))
	s.mux.Handle("/api/inspect", apiHandler(s.inspect, "pos", "board"))
	s.mux.Handle("/api/move", apiHandler(s.move, "pos", "board", "level", "seed"))
	s.mux.Handle("/solve", allowAnyOrigin(apiHandler(s.gamesolverSolve, "pos", "board")))
	s.mux.Handle("/connectx", allowAnyOrigin(s.connectX()))
	s.mux.Handle("/api/", serveAPI(func(http.ResponseWriter, *http.Request, url.Values) (any, error) {
		return nil, httpErrorf(http.StatusNotFound, "no such API endpoint (want /api/analyze, /api/inspect or /api/move)")
	}))
	s.mux.HandleFunc("/healthz", s.health)
	s.mux.Handle("/", staticHandler())
	return s, nil
}

// Options returns the server's options, defaults filled in.
func (s *Server) Options() Options { return s.opts }

// ServeHTTP caps the request body, then routes. Only /connectx reads a
// body, a ConnectX request of a few hundred bytes.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	limit := int64(maxBodyBytes)
	if r.URL.Path == "/connectx" {
		limit = maxConnectXBodyBytes
	}
	r.Body = http.MaxBytesReader(w, r.Body, limit)
	s.mux.ServeHTTP(w, r)
}
