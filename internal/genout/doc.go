// Package genout writes the files a code generator renders: it
// type-checks them laid over their target package before anything is
// written ([TypeCheck]), writes only the files whose bytes changed, whole
// or not at all ([WriteChanged]), or writes them elsewhere with the JSON
// file that lays them over the package for go build -overlay
// ([WriteOverlay]). None of it depends on what the files hold: package gen
// renders the board's files and hands them here.
package genout
