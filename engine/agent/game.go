package agent

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/fourgen/fourgen/engine/board"
)

// ErrUndo is what a player's Move returns, wrapped or not, to take back
// its last move and the reply (a person changing their mind): [PlayGame]
// then undoes the last two moves, if they were played after the start,
// and asks the same player again.
var ErrUndo = errors.New("undo the last move and the reply")

// Record is a game played by [PlayGame], finished or cut short.
type Record struct {
	// Game is the game, its start included; Game.String() is its move
	// string.
	Game *board.Game
	// Winner is the index in the players of the one who made four, -1 for
	// a draw or a game cut short.
	Winner int
	// Failure is the failure to move (a [MoveError]: an illegal column,
	// garbage, no answer in time, a crash) that cut the game short, nil if
	// none did, and Failed the index of the player who failed.
	Failure *MoveError
	Failed  int
	// Moves counts the moves each player made (undone ones included), and
	// Think the time each spent choosing them.
	Moves [2]int
	Think [2]time.Duration
}

// Over reports whether the game ended: four in a line or a full board.
func (r Record) Over() bool {
	p := r.Game.Position()
	return p.IsWon() || p.IsFull()
}

// PlayGame plays a game from start (a move string whose game goes on)
// between players[0], who makes the next move, and players[1], until one
// makes four or the board is full. After each move it calls played, if
// not nil, with the index of the player who moved and the 0-based column.
//
// It returns the game's record and, when the game was cut short, why: the
// cause of ctx when ctx is done, or the error of a player (wrapped with its
// name), e.g. a person quitting. A player's failure to move, a
// [MoveError] or a column that cannot be played (an [Illegal] one), is
// such an error too, and the record holds it (Failure, Failed). A player
// returning [ErrUndo] has the last two moves taken back.
func PlayGame(ctx context.Context, start string, players [2]Agent, played func(player, col int)) (Record, error) {
	g, err := board.ParseGame(start)
	rec := Record{Game: g, Winner: -1}
	if err != nil {
		return rec, err
	}
	opening := g.Position().Moves()
	for turn := 0; !rec.Over(); {
		a := players[turn]
		t0 := time.Now()
		col, err := a.Move(ctx, g.Position())
		rec.Think[turn] += time.Since(t0)
		switch {
		case ctx.Err() != nil:
			return rec, context.Cause(ctx)
		case errors.Is(err, ErrUndo):
			if g.Position().Moves()-2 >= opening {
				g.Undo()
				g.Undo()
			}
			continue
		case err == nil:
			err = CheckMove(g.Position(), col)
		}
		if err != nil {
			if me, failed := errors.AsType[*MoveError](err); failed {
				rec.Failure, rec.Failed = me, turn
			}
			return rec, fmt.Errorf("%s: %w", a.Name(), err)
		}
		_ = g.Play(col) // CheckMove has checked it
		rec.Moves[turn]++
		if played != nil {
			played(turn, col)
		}
		if g.Position().IsWon() {
			rec.Winner = turn
		}
		turn = 1 - turn
	}
	return rec, nil
}

// ErrStartOver is the error of [CheckStart] for a start whose game is
// over.
var ErrStartOver = errors.New("the game is already over")

// CheckStart refuses a start for [PlayGame] or [Match] that is no move
// string, or whose game is over ([ErrStartOver]): there would be no game
// to play.
func CheckStart(start string) error {
	p, err := board.Parse(start)
	if err != nil {
		return err
	}
	if p.IsWon() || p.IsFull() {
		return ErrStartOver
	}
	return nil
}
