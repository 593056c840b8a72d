//go:build js

package engine

// tableWord is one entry of the transposition table. A js/wasm program has
// one thread, whose goroutines switch only where the search yields (see
// yield_js.go), never within a table access: plain loads and stores do.
// Go's wasm port has no atomic instructions; its atomic functions are
// calls, which the compiler does not inline, and cost a fifth of the
// search's time there.
type tableWord struct{ v uint64 }

// Load returns the word.
func (w *tableWord) Load() uint64 { return w.v }

// Store sets the word.
func (w *tableWord) Store(v uint64) { w.v = v }
