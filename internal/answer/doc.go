// Package answer builds the answers of fourgen's API as Go values that
// encode to its JSON: the description of a position, its analysis (and the
// progress events of a long one), its inspection, and an agent's move.
//
// The HTTP server (package server) and the WebAssembly engine of the static
// page both answer with these values, so that a page gets the same JSON
// from either, produced by the same code. The package knows nothing of
// HTTP: a request it refuses is a [Refusal], which the server answers with
// status 400 and the browser engine passes on as it is.
package answer
