// Package external makes agents of programs outside fourgen, so that
// c4 match, c4 play and c4 eval can pit them against the built-in ones:
//
//   - "cmd:COMMAND" runs COMMAND (with sh -c) once, as a long-running
//     process, and for each move writes a line to its stdin, a move string
//     of 1-based columns reaching the position (one order of its stones,
//     not necessarily the order played; an empty line for the empty
//     board), and reads a line from its stdout, the 1-based column it
//     plays. A move that takes longer than the timeout, an answer that is
//     no playable column, and the process's exit are failed moves
//     ([agent.MoveError], with the end of its stderr); after one, the
//     process is ended and the next move starts it again, but after 3
//     moves in a row without an answer every later move fails at once.
//     The process leads a process group of its own (on unix), which
//     Close ends, SIGTERM then SIGKILL, with whatever it started.
//   - "url:URL" POSTs to URL the request of Kaggle's ConnectX environment
//     (package internal/connectx: the board, the mark, the configuration
//     with actTimeout) and reads {"action": column}, counted from 0, as
//     c4 serve's /connectx answers; a failed request or a bad answer is a
//     failed move ([agent.MoveError]). It follows at most 3 redirects, to its
//     own scheme and host only, and its name and errors show the URL
//     with its credentials redacted.
//
// [New] makes these and every spec of package agent. The agents of this
// package hold a process or connections: Close them ([Close]).
package external
