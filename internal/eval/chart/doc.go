// Package chart draws the results of package eval as SVG pictures with
// gonum's plot library: the error rate by stones on the board. It is
// apart from eval so that only the command that draws links the plotting
// library.
package chart
