// Package ttytest gives tests a terminal: the terminal end of a
// pseudo-terminal, so that what a command does at a terminal (progress,
// colour, a note to someone typing) is checked without one at hand. It
// opens them on Linux; elsewhere it skips the test.
package ttytest
