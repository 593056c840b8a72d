package main

// This file is the agents behind handles: the built-in players of package
// agent, asked for moves in positions or in Kaggle ConnectX's requests.

import (
	"context"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/agent"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/engine/openingbook"
	"github.com/fourgen/fourgen/internal/answer"
	"github.com/fourgen/fourgen/internal/connectx"
)

// agents are the agents handed out.
var agents = registry[*player]{what: "agent"}

// player is an agent and the seed of its fallback.
type player struct {
	a    agent.Agent
	seed uint64
}

// newPlayer makes the built-in agent named by spec (agent.New's specs:
// perfect, level1 to level5, mcts:N, greedy, random), with a table of mib
// MiB (0: the default) for those that solve, answering from the embedded
// book.
func newPlayer(spec string, seed uint64, mib int) (*player, error) {
	if mib < 0 {
		return nil, invalidf("table of %d MiB: want 1 to %d MiB", mib, engine.MaxTableMiB())
	}
	if mib > 0 {
		if err := engine.CheckTableMiB(mib); err != nil {
			return nil, invalidf("table of %d MiB: %w", mib, err)
		}
	}
	opts := agent.Options{Seed: seed, TableMiB: mib}
	if openingbook.Applies() {
		b, err := openingbook.Book()
		if err != nil {
			return nil, err
		}
		opts.Book = b
	}
	a, err := agent.New(spec, opts)
	if err != nil {
		return nil, invalid(err)
	}
	pl := &player{a: a, seed: seed}
	pl.warmUp(spec)
	return pl, nil
}

// move is the agent's column (0-based) in the position of moves.
func (pl *player) move(ctx context.Context, moves string) (int, error) {
	p, err := parseMoves(moves)
	if err != nil {
		return 0, err
	}
	return pl.moveIn(ctx, p)
}

// moveIn is the agent's column (0-based) in p, refusing a finished game.
func (pl *player) moveIn(ctx context.Context, p board.Position) (int, error) {
	if err := answer.CanMove(p); err != nil {
		return 0, invalid(err)
	}
	return pl.a.Move(ctx, p)
}

// act answers a ConnectX request (JSON, as kaggle-environments sends a
// remote agent): the agent's column, or, when it has not chosen within its
// share of actTimeout, greedy's.
func (pl *player) act(request []byte) (int, error) {
	req, g, err := connectx.ParseFor(request, "python") // the library is the Python package's
	if err != nil {
		return 0, invalid(err)
	}
	budget := req.Configuration.ThinkTime() // past it, greedy's move, as c4 serve's /connectx
	ctx, cancel := context.WithTimeout(context.Background(), budget)
	defer cancel()
	col, err := pl.moveIn(ctx, g.Position())
	if err != nil && ctx.Err() != nil {
		fallback, ferr := agent.New("greedy", agent.Options{Seed: pl.seed})
		if ferr != nil {
			return 0, ferr
		}
		return fallback.Move(context.Background(), g.Position())
	}
	return col, err
}
