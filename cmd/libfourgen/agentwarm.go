package main

// This file warms an agent up when it is made, so that its first move in a
// ConnectX game is as good as the others: an agent that solves makes its
// solver (a table to allocate, the embedded book to read) at its first
// move, which would otherwise spend part of that move's budget.

import (
	"context"
	"strings"
	"time"

	"github.com/fourgen/fourgen/engine/board"
)

// warmUpLimit bounds the warm-up.
const warmUpLimit = 2 * time.Second

// warmUp asks the perfect agent of the default seed (fourgen.agent's) for
// a move on the empty board, once, and forgets it: its solver is then
// made. Other agents are left cold: a seeded agent's move would draw from
// its random numbers and change the games its seed plays (as c4 eval plays
// them).
func (pl *player) warmUp(spec string) {
	if !strings.EqualFold(strings.TrimSpace(spec), "perfect") || pl.seed != 0 {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), warmUpLimit)
	defer cancel()
	_, _ = pl.a.Move(ctx, board.Position{}) // a move not played: any error is the real first move's to report
}
