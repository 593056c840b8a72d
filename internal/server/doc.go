// Package server is fourgen's HTTP server: a JSON API to analyse, inspect
// and play Connect-4 positions, and the single-page web app (embedded from
// web/, plain ES modules, no third-party code) that uses it.
//
// # API
//
//	GET /api/analyze?pos=MOVES   scores of every column, best columns, outcome
//	    &stream=1                server-sent events: progress, then the result
//	GET /api/inspect?pos=MOVES   the position and what the solver sees of it
//	GET /api/move?pos=MOVES&level=SPEC[&seed=S]
//	                             the move of an agent (see package agent)
//
// Every answer describes its position as the engine sees it: the board's
// size (width, height), the stones of each column, whose turn it is,
// whether the game is won or drawn and by whom, the cells of the winning
// lines and the playable columns. The page draws from these and never
// applies the rules itself. The answers are built by package answer, which
// the page's WebAssembly engine uses too; this package adds HTTP.
//
// # Limits
//
// At most [Options.MaxSolves] requests solve at once, each with a solver of
// its own, whose table is made at its first search. Cheap work (positions
// the book answers, random and greedy, small mcts:N: see lanes.go) runs in
// a lane of its own, as wide, with no such solver, so that long solves
// cannot starve it; mcts:N is capped at [maxPlayouts]. Waiting for a
// solver (or a place in the cheap lane) and solving each have a deadline of
// [Options.Timeout]: past the first the answer is 503 with Retry-After, past
// the second 504. Queries over 4 KiB get 414, request lines and headers over
// 16 KiB 431. [Server.Serve] shuts down cleanly when its context ends,
// stopping the solves in flight.
//
// Use [New] for a [Server], its ServeHTTP (for tests, with net/http/httptest)
// or [Server.Serve] to listen.
package server
