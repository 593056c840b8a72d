// Package wasmbranch rewrites a WebAssembly module built by Go's compiler
// (GOOS=js or GOOS=wasip1, GOARCH=wasm) so that a jump to a later basic
// block branches there directly.
//
// Go's wasm backend compiles each function as one loop around a br_table
// on the function's first local (PC_B): every basic block begins where
// one of the blocks nested inside that loop ends, and every jump, taken
// branch or not, stores the target's number in PC_B and branches back to
// the loop's head, where the br_table dispatches to it. An engine compiles
// that into one indirect jump which all of a function's branches share.
// A jump forward is made from inside the block whose end its target
// follows, so a plain br out of that block reaches the target without
// the dispatch: Rewrite replaces each such "i32.const K; local.set 0;
// br LOOP" with "br D". Jumps backward (the back edges of loops) keep the
// dispatch. Nothing else changes: PC_B is read only by the dispatch, and
// a function resumed after its goroutine was switched out (a call that
// unwinds) still enters through it.
//
// A function whose code does not have that shape, or holds an
// instruction this package does not know, is copied unchanged.
// See docs/speed.md for what it gains.
package wasmbranch
