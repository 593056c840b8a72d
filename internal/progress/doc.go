// Package progress is the one progress display of fourgen's long jobs: a
// solve, a bench run, a book build or verification, a dataset. On a
// terminal it draws one line, redrawn in place at most ten times a second,
// with the count done, the rate, the time elapsed and, when the total is
// known, the time left; anywhere else (a file, a pipe, a test's buffer) it
// draws nothing, so that output meant for scripts stays clean. A solve's
// line is written here in full, after a spinner:
//
//	"44": score in [+1, +19], 78.6 M nodes, 5.53 M nodes/s, 14.2s
//
// the nodes in readable units, their rate smoothed over seconds, and one
// time, the solve's.
//
// The drawing is done by github.com/schollz/progressbar/v3.
package progress
