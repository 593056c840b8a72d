// Package eval measures an agent against perfect play, as people who
// train agents do: on test positions (those of files, or the shipped
// set of package evalset), it asks the agent for a move in each and
// scores the move with the exact solver, or with the position's labels.
//
//   - A move is perfect when its score is the position's (the best of
//     any column): the perfect-move rate.
//   - A move is good when it keeps the position's outcome (a win stays a
//     win, a draw a draw; in a lost position every move is good): the
//     good-move rate.
//   - The error table splits the positions by stage, the stones played
//     (at most 14, at most 28, more), and by difficulty, the plies left
//     until the game ends with perfect play from the position (fewer than
//     14, fewer than 28, more), and counts in each the positions, the
//     moves that were not perfect (errors) and those that changed the
//     outcome.
//
// Plies left with perfect play follow from the position's score s with n
// stones on the board: when the side to move wins with w more stones of
// its own ([board.Score.WinnerStones]), 2w−1; when it loses to w more of
// the opponent's, 2w; for a draw, the board fills: board.Cells − n.
//
// The scores come from the solver at evaluation time, or from labels
// fourgen computed ([Position].Scores), never from the reference files.
// Package internal/eval/chart draws the error rate by stones.
package eval
