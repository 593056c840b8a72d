// This file makes the agents of match, play and eval from their specs:
// the built-in ones and the external cmd: and url: agents.

package main

import (
	"context"
	"io"

	"github.com/fourgen/fourgen/engine/agent"
	"github.com/fourgen/fourgen/engine/agent/external"
	"github.com/fourgen/fourgen/internal/interrupt"
)

// agentsHelp describes the agents, for c4 help match, play and eval.
const agentsHelp = "Agents (SPEC):\n" + external.SpecHelp

// newAgent makes the agent named by spec, built-in or external, for
// command cmd; an external agent's stderr goes to stderr. The caller must
// close it with external.Close, which ends a cmd: agent's processes: once
// interrupted, the command has finishGrace for it.
func newAgent(ctx context.Context, cmd, spec string, opts agent.Options, stderr io.Writer) (agent.Agent, error) {
	a, err := external.New(spec, external.Options{Options: opts, Stderr: stderr})
	if err != nil {
		return nil, usageErrorf(cmd, "%v", err)
	}
	if _, holds := a.(io.Closer); holds {
		interrupt.Allow(ctx, finishGrace)
	}
	return a, nil
}
