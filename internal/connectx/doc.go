// Package connectx speaks the protocol of Kaggle's ConnectX environment
// (kaggle-environments) to remote agents: the environment POSTs a JSON
// [Request] carrying the game's configuration (rows, columns, inarow,
// actTimeout) and the agent's observation (the board as a list of cells,
// rows from the top, 0 empty, 1 and 2 the players' stones, and mark, the
// player to move), and the agent answers a [Response], {"action": column},
// the column counted from 0.
//
// c4 serve answers such requests at POST /connectx (package
// internal/server), and the url: agents of package engine/agent/external
// send them. The package does no I/O.
package connectx
