// Command c4wasm is fourgen's engine for the browser: built with
// GOOS=js GOARCH=wasm, it runs in a Web Worker of the static page (make
// web), one instance, with its own transposition table, per worker. The
// npm package (make npm, sources in npm/) runs the same build in Web
// Workers and in Node's worker_threads.
//
// It answers the requests of the page with the JSON of c4 serve's API,
// made by the same code (package internal/answer): an inspection, an
// analysis (with its progress events), an agent's move, and for an
// analysis shared out among several workers, the score of one column and
// the merge of the columns' scores into the analysis. On start it sets
// globalThis.fourgen.request(request, onProgress), which takes a request
// as JSON text and returns [status, answer]: 200 and the answer's JSON, or
// 400 (a refused request) or 500 and the JSON of an error, as the API
// answers. A request is an object with op and the parameters of the
// API:
//
//	{"op":"inspect","pos":"4453"}
//	{"op":"analyze","pos":"4453"}            // progress events go to onProgress
//	{"op":"move","pos":"4453","level":"mcts:1000","seed":"7"}
//	{"op":"column","pos":"4453","column":3}  // {"column":3,"score":-2,"nodes":…,"micros":…}
//	{"op":"merge","pos":"4453","parts":[{"column":1,"score":-5,"nodes":…},…],"micros":…}
//	{"op":"solve","pos":"4453"}              // {"pos":"4453","score":-2,"nodes":…,"micros":…}
//
// The npm package asks for what c4 solve, c4 solve --weak and c4 analyze
// print, and for a best move (the nearest the centre among equals), with
// progress events too, and for the engine's version (that of the go
// command's build information, as npm writes versions):
//
//	{"op":"solveWeak","pos":"4453"}          // {"pos":"4453","score":-1,"nodes":…,"micros":…}
//	{"op":"scores","pos":"4453"}             // {"pos":"4453","scores":[-5,-5,-2,-3,-4,-2,-2],…}, null for a full column
//	{"op":"bestMove","pos":"4453"}           // {"pos":"4453","column":3,"score":-2,…}, 1-based
//	{"op":"version"}                         // {"version":"0.0.0-…","describe":"c4 v0.0.0-…\n…","width":7,"height":6,"inarow":4}
//
// Any request may give its position, instead of pos, as the columns
// played, counted from base (0 or 1, default 1), or as a board in either
// form c4 --board reads (Kaggle's comma-separated cells, the top row
// first, or a text grid); pos in the answer is then a move string reaching
// it:
//
//	{"op":"scores","columns":[3,3,4,2],"base":0}
//	{"op":"scores","board":"[0,0,0,…,1,0,0,0]"}
//
// A refused position gets the reason c4 gives (for a won game, that of c4
// analyze: "the game is already won by player 1").
//
// The one argument, -tt-mb N, sets the table's size in MiB (1 to 256,
// default 64). A solve cannot be interrupted from JavaScript (a request
// runs to its end without returning to the event loop): the page
// terminates the worker instead.
package main
