// This file holds an agent's failure to move: an illegal move, garbage,
// no answer in time, a crash; and the counts of them that c4 eval and c4
// match report.

package agent

import (
	"fmt"
	"strings"

	"github.com/fourgen/fourgen/engine/board"
)

// FailureKind is how an agent failed to move.
type FailureKind int

const (
	Illegal FailureKind = iota // a column that cannot be played: full, or off the board
	Garbage                    // an answer that is no column
	Timeout                    // no answer in time
	Crash                      // a program that exited, a server that did not answer
)

// failureNames name the kinds, in order, as the reports and --json do.
var failureNames = [...]string{"illegal", "garbage", "timeout", "crash"}

func (k FailureKind) String() string {
	if k < 0 || int(k) >= len(failureNames) {
		return fmt.Sprintf("FailureKind(%d)", int(k))
	}
	return failureNames[k]
}

// MoveError is an agent's failure to make a move in a position, its own
// fault rather than the caller's (a cancelled context is not one): c4
// eval counts it as a wrong move of the agent's, c4 match as a lost game.
// Its message does not name the position: the caller does, in its own
// form.
type MoveError struct {
	Kind FailureKind
	Err  error
}

func (e *MoveError) Error() string { return e.Kind.String() + ": " + e.Err.Error() }

func (e *MoveError) Unwrap() error { return e.Err }

// Failf returns a [MoveError] of kind k whose error is formatted as by
// fmt.Errorf.
func Failf(k FailureKind, format string, a ...any) error {
	return &MoveError{Kind: k, Err: fmt.Errorf(format, a...)}
}

// CheckMove returns an [Illegal] [MoveError] when col (0-based) cannot be
// played in p.
func CheckMove(p board.Position, col int) error {
	switch {
	case col < 0 || col >= board.Width:
		return Failf(Illegal, "column %d: want 1 to %d", col+1, board.Width)
	case !p.CanPlay(col):
		return Failf(Illegal, "column %d is full", col+1)
	}
	return nil
}

// Failures counts an agent's failed moves by kind.
type Failures struct {
	Illegal int `json:"illegal"`
	Garbage int `json:"garbage"`
	Timeout int `json:"timeout"`
	Crash   int `json:"crash"`
}

// counts are the counts of f by kind, in the order of the kinds.
func (f *Failures) counts() [len(failureNames)]*int {
	return [...]*int{&f.Illegal, &f.Garbage, &f.Timeout, &f.Crash}
}

// Add counts one failure of kind k.
func (f *Failures) Add(k FailureKind) {
	if c := f.counts(); k >= 0 && int(k) < len(c) {
		*c[k]++
	}
}

// Merge adds o's counts to f's.
func (f *Failures) Merge(o Failures) {
	for i, c := range f.counts() {
		*c += *o.counts()[i]
	}
}

// Total is the number of failures of every kind.
func (f Failures) Total() int {
	total := 0
	for _, c := range f.counts() {
		total += *c
	}
	return total
}

// Within reports whether every count is from 0 to n and so is their
// total, for counts read from outside.
func (f Failures) Within(n int) bool {
	for _, c := range f.counts() {
		if *c < 0 || *c > n {
			return false
		}
	}
	return f.Total() <= n // no overflow: each count is at most n
}

// String is the total and the counts that are not 0: "0", or "3 (1
// illegal, 2 timeout)".
func (f Failures) String() string {
	var parts []string
	for k, c := range f.counts() {
		if *c != 0 {
			parts = append(parts, fmt.Sprintf("%d %s", *c, FailureKind(k)))
		}
	}
	if len(parts) == 0 {
		return "0"
	}
	return fmt.Sprintf("%d (%s)", f.Total(), strings.Join(parts, ", "))
}
