package main

import (
	"errors"
	"fmt"
)

// The codes every call of the C API returns (docs/python.md): the Python
// package raises ValueError for codeInvalid and fourgen.EngineError for
// the others.
const (
	codeOK       = 0 // done; the outputs are written
	codeInvalid  = 1 // the input was refused: a bad move, cell, spec, size or handle
	codeFailed   = 2 // the input was good but the call failed (e.g. no memory for the table)
	codeInternal = 3 // a bug of the library, caught before it crossed the boundary
	// codeStopped (4, cancel.go): stopped before it finished, by its budget or fg_solver_cancel
)

// invalidError marks an error the caller's input caused.
type invalidError struct{ err error }

func (e invalidError) Error() string { return e.err.Error() }
func (e invalidError) Unwrap() error { return e.err }

// invalid marks err as the input's fault (nil stays nil).
func invalid(err error) error {
	if err == nil {
		return nil
	}
	return invalidError{err}
}

// invalidf is an error of the input, formatted.
func invalidf(format string, a ...any) error { return invalidError{fmt.Errorf(format, a...)} }

// internalError is a bug of the library, caught.
type internalError struct{ v any }

func (e internalError) Error() string {
	return fmt.Sprintf("fourgen: internal error (a bug, please report it): %v", e.v)
}

// run calls f and returns the code and message of its outcome. A panic in
// f is recovered and reported as codeInternal: no Go panic crosses the C
// boundary.
func run(f func() error) (code int, msg string) {
	defer func() {
		if r := recover(); r != nil {
			code, msg = codeInternal, internalError{r}.Error()
		}
	}()
	err := f()
	if err == nil {
		return codeOK, ""
	}
	if _, ok := errors.AsType[invalidError](err); ok {
		return codeInvalid, err.Error()
	}
	if _, ok := errors.AsType[internalError](err); ok {
		return codeInternal, err.Error()
	}
	if _, ok := errors.AsType[stoppedError](err); ok {
		return codeStopped, err.Error()
	}
	return codeFailed, err.Error()
}
