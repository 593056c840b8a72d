// This file makes the agents of match, play and eval from their specs:
// the built-in ones and the external cmd: and url: agents.

package main

import (
	"context"
	"io"

	"github.com/fourgen/fourgen/agent"
	"github.com/fourgen/fourgen/agent/external"
	"github.com/fourgen/fourgen/internal/interrupt"
)

// externalAgentsHelp describes the external agents, for agentsHelp.
const externalAgentsHelp = `  cmd:COMMAND      an external program, started once with sh -c COMMAND: for
                   each move c4 writes it a line, a move string reaching
                   the position, and reads a line, the 1-based column it
                   plays (10 s a move at most)
  url:URL          a Kaggle ConnectX remote agent: c4 POSTs the
                   environment's request (board, mark, configuration) to
                   URL and reads {"action": column}, from 0 (c4 serve's
                   /connectx?agent=SPEC is one)
`

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
