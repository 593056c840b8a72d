// Command libfourgen is fourgen's engine as a C shared library, built with
// go build -buildmode=c-shared, for the Python package in python/ (which
// loads it with ctypes) and any other C caller.
//
// The C API is small: boards read from move strings, columns, cells or
// text and described as numbers; solvers (solve, analyze, best move, batch
// calls on the engine's threads) and agents (the built-in players, and
// Kaggle ConnectX requests) behind integer handles. Every call returns a
// code, 0 for success, and writes a message into the caller's buffer
// otherwise; no Go panic crosses the boundary. Each handle has its own
// lock, so threads may share one. docs/python.md documents every call.
//
//	go build -buildmode=c-shared -o libfourgen.so ./cmd/libfourgen
package main
