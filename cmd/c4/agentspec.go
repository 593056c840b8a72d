// This file makes the agents of match, play and eval from their specs:
// the built-in ones and the external cmd: and url: agents.

package main

import (
	"io"

	"github.com/fourgen/fourgen/agent"
	"github.com/fourgen/fourgen/agent/external"
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
// close it with external.Close.
func newAgent(cmd, spec string, opts agent.Options, stderr io.Writer) (agent.Agent, error) {
	a, err := external.New(spec, external.Options{Options: opts, Stderr: stderr})
	if err != nil {
		return nil, usageErrorf(cmd, "%v", err)
	}
	return a, nil
}
