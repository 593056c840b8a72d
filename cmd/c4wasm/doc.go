// Command c4wasm is fourgen's engine for the browser: built with
// GOOS=js GOARCH=wasm, it runs in a Web Worker of the static page (make
// web), one instance, with its own transposition table, per worker.
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
//	{"op":"solve","pos":"4453"}              // {"pos":"4453","score":-2,"nodes":…,"micros":…}, for benchmarks
//
// The one argument, -tt-mb N, sets the table's size in MiB (1 to 256,
// default 64). A solve cannot be interrupted from JavaScript (a request
// runs to its end without returning to the event loop): the page
// terminates the worker instead.
package main
