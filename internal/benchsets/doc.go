// Package benchsets solves reference files of positions with an engine.Solver,
// checks every score against the file's and measures the work: c4 bench.
//
// A reference file holds "MOVES SCORE" lines, as Pascal Pons's test sets
// do, or with [Config.Analyze] "MOVES S1 ... SW" lines (a score per
// column), read by package posfile. [Run] prints one table row per file:
// the positions solved, the mean and median microseconds per position, the
// mean nodes, the speed in millions of nodes per second and the wrong
// scores; it reports each wrong score and unreadable line as it finds it.
package benchsets
