package server

import (
	"context"
	"net/http"
	"net/url"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/answer"
)

// queryPosition parses the pos parameter: a move string of 1-based columns, ""
// or absent for the empty board. It is refused with the engine's reason,
// and the error says how many of its first moves can be played. A board
// parameter instead gives the position as a board (see [board.ParseBoard]:
// Kaggle's comma-separated cells, rows from the top, or a text grid); the
// move string returned is then one that reaches it, found by a search
// bounded as [Server.readBoard] says.
func (s *Server) queryPosition(ctx context.Context, q url.Values) (string, board.Position, error) {
	moves, err := param(q, "pos")
	if err != nil {
		return "", board.Position{}, err
	}
	if _, ok := q["board"]; ok {
		if _, both := q["pos"]; both {
			return "", board.Position{}, answer.Refusef("give the position as pos or as board, not both")
		}
		return s.queryBoard(ctx, q)
	}
	p, err := answer.Parse(moves)
	if err != nil {
		return "", board.Position{}, err
	}
	return moves, p, nil
}

// queryBoard parses the board parameter as [queryPosition] describes.
func (s *Server) queryBoard(ctx context.Context, q url.Values) (string, board.Position, error) {
	text, err := param(q, "board")
	if err != nil {
		return "", board.Position{}, err
	}
	var g *board.Game
	err = s.readBoard(ctx, func() (err error) {
		g, err = board.ParseBoard(text)
		return err
	})
	if err != nil {
		return "", board.Position{}, err
	}
	return g.String(), g.Position(), nil
}

// readBoard runs read, which turns a board into a game, refusing its error
// with a 400. Finding an order of moves that reaches a board can take a
// search (tens of milliseconds on 7×6, more on larger boards), outside the
// solvers' pool: at most Options.MaxSolves boards are read at once, and a
// request that waits longer than Options.Timeout for its turn gets a 503.
func (s *Server) readBoard(ctx context.Context, read func() error) error {
	ctx, cancel := context.WithTimeout(ctx, s.opts.Timeout)
	defer cancel()
	if _, err := take(ctx, s.boardReaders); err != nil {
		return deadlineError(err, http.StatusServiceUnavailable,
			"server busy: %d boards were being read for %v; try again", cap(s.boardReaders), s.opts.Timeout)
	}
	defer func() { s.boardReaders <- struct{}{} }()
	if err := read(); err != nil {
		return answer.Refusef("%v", err)
	}
	return nil
}
