package server

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/agent"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/answer"
)

// This file sorts the work of a request into two lanes. Cheap work (a
// position the opening book answers within a few plies, random, greedy,
// the level agents' lookahead, a small mcts:N) runs in the cheap lane: it
// takes no slot of the solvers' pool and no table of Options.TableMiB, and
// clients that keep every solver busy with long solves cannot starve it.
// Everything else waits for a slot of the pool.

// bookReachPlies is how many stones short of an exact book's own a
// position may be and still count as answered by the book: the solver then
// searches at most this many plies before every line reaches the book
// (from the empty board to the embedded 11-stone book: 51,085 nodes, 13 to
// 17 ms for the analysis of the empty board on one thread with the small
// table of bookTableMiB, measured 2026-12-05; 26,527 nodes and 6.1 ms to
// the 10-stone book before it).
const bookReachPlies = 11

// bookTableMiB is the table of the solver made for a position the book
// answers: the search is a few thousand nodes, and a table of
// Options.TableMiB (up to gigabytes, every page touched when it is made)
// would cost far more than the search.
const bookTableMiB = answer.AgentTableMiB

// cheapPlayouts is the largest N of an mcts:N agent that runs in the cheap
// lane (tens of milliseconds); above it, a move waits for a solver's slot.
const cheapPlayouts = 10_000

// maxPlayouts is the largest N of an mcts:N agent this server plays (about
// two seconds on one core), so that no request holds a slot for long; a
// request for more is refused with 400.
const maxPlayouts = 1_000_000

// bookAnswers reports whether the server's book answers p: the book is
// exact and p has fewer stones than it, by at most bookReachPlies.
func (s *Server) bookAnswers(p board.Position) bool {
	b := s.opts.Book
	if b == nil || b.Kind() != engine.BookExact {
		return false
	}
	short := b.Plies() - p.Moves()
	return short >= 1 && short <= bookReachPlies
}

// cheapAgent reports whether the agent called name (its canonical spec)
// moves cheaply in p: random and greedy always; perfect where the book
// answers; the levels where the book answers or where they search a few
// plies ahead (below agent.ExactFrom stones, unless a book of outcomes
// sends them to the solver); mcts:N up to CheapPlayouts.
func (s *Server) cheapAgent(name string, p board.Position) bool {
	switch {
	case name == "random", name == "greedy":
		return true
	case name == "perfect":
		return s.bookAnswers(p)
	case strings.HasPrefix(name, "level"):
		b := s.opts.Book
		return s.bookAnswers(p) || p.Moves() < agent.ExactFrom && (b == nil || b.Kind() == engine.BookExact)
	}
	n, ok := playouts(name)
	return ok && n <= cheapPlayouts
}

// playouts returns the N of an mcts:N agent's canonical spec.
func playouts(name string) (int, bool) {
	digits, ok := strings.CutPrefix(name, "mcts:")
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(digits)
	return n, err == nil
}

// checkPlayouts refuses an mcts:N agent of more than MaxPlayouts playouts.
func checkPlayouts(name string) error {
	if n, ok := playouts(name); ok && n > maxPlayouts {
		return answer.Refusef("%s: this server plays at most %d playouts per move (mcts:%d), and solves for at most its timeout", name, maxPlayouts, maxPlayouts)
	}
	return nil
}

// runCheap runs f in the cheap lane: waiting for a place in it and running
// have a deadline of Options.Timeout each, as in [Server.solveWith].
func (s *Server) runCheap(ctx context.Context, slow string, f func(ctx context.Context) error) error {
	return runIn(ctx, s.opts.Timeout, s.cheap, s.cheapBusy(), slow, func(ctx context.Context, _ struct{}) error {
		return f(ctx)
	})
}

// analyzeWith runs f, a solve of p, with a solver: in the cheap lane with
// a small table when the book answers p, otherwise in a slot of the pool
// with the slot's solver.
func (s *Server) analyzeWith(ctx context.Context, p board.Position, f func(ctx context.Context, sv *engine.Solver) error) error {
	if s.bookAnswers(p) {
		return s.runCheap(ctx, answer.SolverHint(s.opts.Book), func(ctx context.Context) error {
			sv, err := engine.NewSolver(bookTableMiB)
			if err != nil {
				return err
			}
			sv.SetBook(s.opts.Book)
			return f(ctx, sv)
		})
	}
	return s.solve(ctx, func(ctx context.Context, sl *solverSlot) error {
		sv, err := sl.Solver()
		if err != nil {
			return err
		}
		return f(ctx, sv)
	})
}

// runAgent runs f, a move of ag in p (the agent brings its own solver), in
// the cheap lane when the move is cheap, otherwise in a slot of the pool:
// the bound is on work running at once.
func (s *Server) runAgent(ctx context.Context, ag agent.Agent, p board.Position, f func(ctx context.Context) error) error {
	slow := answer.AgentHint(ag.Name(), s.opts.Book)
	if s.cheapAgent(ag.Name(), p) {
		return s.runCheap(ctx, slow, f)
	}
	return s.solveWith(ctx, slow, func(ctx context.Context, _ *solverSlot) error { return f(ctx) })
}

// cheapBusy is the 503's message when the cheap lane stays full.
func (s *Server) cheapBusy() string {
	return fmt.Sprintf("server busy: %d quick answers were being worked out for %v; try again", cap(s.cheap), s.opts.Timeout)
}
