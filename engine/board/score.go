package board

import "fmt"

// Score is the exact value of a position for the side to move, in the
// convention of the best-known solvers: a win with the side's k-th stone
// scores 22−k (on 7×6; in general (Cells+2)/2−k), a draw 0, and a loss the
// negation of the opponent's win. The empty board scores +1.
type Score int

// Invalid is the score reported for a column that cannot be played, as
// the established command-line solvers print it.
const Invalid Score = -1000

// WinScore is the score of a win with the stone played when moves stones
// are on the board.
func WinScore(moves int) int { return (Cells + 1 - moves) / 2 }

// String writes the score with its sign: "+3", "0", "-2", or "invalid".
func (s Score) String() string {
	switch {
	case s == Invalid:
		return "invalid"
	case s > 0:
		return fmt.Sprintf("+%d", int(s))
	}
	return fmt.Sprintf("%d", int(s))
}

// Outcome is the game-theoretic result a score stands for: 1 a win, 0 a
// draw, -1 a loss, for the side to move.
func (s Score) Outcome() int {
	switch {
	case s > 0:
		return 1
	case s < 0:
		return -1
	}
	return 0
}

// WinnerStones is how many more stones the winner plays, the winning stone
// included, from a position with moves stones; 0 for a draw. A win with
// the k-th stone means k stones in all, of which the side to move has
// played moves/2 and its opponent (moves+1)/2.
func (s Score) WinnerStones(moves int) int {
	switch {
	case s > 0:
		return (Cells+2)/2 - int(s) - moves/2
	case s < 0 && s != Invalid:
		return (Cells+2)/2 + int(s) - (moves+1)/2
	}
	return 0
}

// Winner returns who wins with perfect play when s is the score of a
// position whose side to move is toMove (1 or 2): toMove for a positive
// score, the other player for a negative one, 0 for a draw.
func (s Score) Winner(toMove int) int {
	switch s.Outcome() {
	case 1:
		return toMove
	case -1:
		return 3 - toMove
	}
	return 0
}
