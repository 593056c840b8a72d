package main

// This file is the C API's calls of agents (see boardcalls.go).

/*
#include <stdint.h>
*/
import "C"

import "time"

// fg_agent_new makes the built-in agent named by spec (perfect, level1 to
// level5, mcts:N, greedy, random) with seed for its random choices and a
// table of tableMiB MiB (0: the default) if it solves, and writes its
// handle.
//
//export fg_agent_new
func fg_agent_new(spec *C.char, n C.int64_t, seed C.uint64_t, tableMiB C.int32_t, handle *C.int64_t, msg *C.char, msgCap C.int64_t) C.int {
	return done(msg, msgCap, func() error {
		return newHandle(handle, &agents, func() (*player, error) {
			s, err := goString(spec, n, "spec")
			if err != nil {
				return nil, err
			}
			return newPlayer(s, uint64(seed), int(tableMiB))
		})
	})
}

// fg_agent_free frees an agent, once the calls on it have ended.
//
//export fg_agent_free
func fg_agent_free(handle C.int64_t, msg *C.char, msgCap C.int64_t) C.int {
	return done(msg, msgCap, func() error {
		_, err := agents.free(int64(handle))
		return err
	})
}

// fg_agent_move writes the agent's column (0-based) in a move string's
// position, stopping (code 4) after budgetMicros µs when positive or when
// fg_agent_cancel is called.
//
//export fg_agent_move
func fg_agent_move(handle C.int64_t, moves *C.char, n C.int64_t, budgetMicros C.int64_t, col *C.int32_t, msg *C.char, msgCap C.int64_t) C.int {
	return done(msg, msgCap, func() error {
		s, err := goString(moves, n, "moves")
		if err != nil {
			return err
		}
		return agents.with(int64(handle), func(pl *player) error {
			ctx, end := agentCalls.start(int64(handle), time.Duration(budgetMicros)*time.Microsecond)
			defer end()
			c, err := pl.move(ctx, s)
			if err != nil {
				return stopped(ctx, err)
			}
			return putInt32(col, c, "col")
		})
	})
}

// fg_agent_act writes the agent's column (0-based) for a Kaggle ConnectX
// request (JSON, as kaggle-environments sends a remote agent).
//
//export fg_agent_act
func fg_agent_act(handle C.int64_t, request *C.char, n C.int64_t, col *C.int32_t, msg *C.char, msgCap C.int64_t) C.int {
	return done(msg, msgCap, func() error {
		s, err := goString(request, n, "request")
		if err != nil {
			return err
		}
		return agents.with(int64(handle), func(pl *player) error {
			c, err := pl.act([]byte(s))
			if err != nil {
				return err
			}
			return putInt32(col, c, "col")
		})
	})
}
