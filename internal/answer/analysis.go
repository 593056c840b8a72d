package answer

import (
	"context"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/board"
)

// Analysis is the answer of an analysis: the position, the score of every
// column and what follows from them.
type Analysis struct {
	Position
	// Scores is the score of playing each column, from the side to move's
	// view, -1000 for a full column (and for every column once the game is
	// over).
	Scores  [board.Width]int `json:"scores"`
	Best    []int            `json:"best"`    // the 1-based columns of the highest score
	Outcome int              `json:"outcome"` // for the side to move: 1 win, 0 draw, -1 loss
	// WinnerStones is how many more stones the winner plays, the winning
	// one included; 0 for a draw or a finished game.
	WinnerStones int        `json:"winnerStones"`
	Nodes        uint64     `json:"nodes"`  // positions searched
	Micros       int64      `json:"micros"` // solving time
	Inspect      Inspection `json:"inspect"`
}

// NewAnalysis returns the analysis of p, reached by moves, as far as it is
// known without solving, and whether that is all of it (the game is over).
func NewAnalysis(moves string, p board.Position) (*Analysis, bool) {
	a := &Analysis{Position: Describe(moves, p), Best: []int{}, Inspect: Inspect(p)}
	for col := range a.Scores {
		a.Scores[col] = int(board.Invalid)
	}
	switch a.Status {
	case "won":
		a.Outcome = -1 // the side to move has lost
		return a, true
	case "drawn":
		return a, true
	}
	return a, false
}

// Solve fills in the scores of a, the analysis of p, with sv.
func (a *Analysis) Solve(ctx context.Context, sv *engine.Solver, p board.Position) error {
	scores, err := sv.Analyze(ctx, p)
	if err != nil {
		return err
	}
	a.SetScores(p, scores, sv.Stats())
	return nil
}

// SetScores fills in the scores of a, the analysis of p, and what follows
// from them, with the work st that found them: what [Analysis.Solve] does
// after solving. The static page's engine calls it with the columns its
// workers solved apart ([engine.Solver.AnalyzeColumn]).
func (a *Analysis) SetScores(p board.Position, scores [board.Width]board.Score, st engine.Stats) {
	for col, v := range scores {
		a.Scores[col] = int(v)
	}
	best, cols := board.BestColumns(scores)
	a.Best = a.Best[:0]
	for _, col := range cols {
		a.Best = append(a.Best, col+1)
	}
	a.Outcome = best.Outcome()
	a.WinnerStones = best.WinnerStones(p.Moves())
	a.Winner = player(best.Winner(p.ToMove()))
	a.Nodes, a.Micros = st.Nodes, st.Elapsed.Microseconds()
}
