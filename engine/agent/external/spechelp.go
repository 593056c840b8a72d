package external

import "github.com/fourgen/fourgen/engine/agent"

// SpecHelp describes the spec of every agent [New] makes, for the help of
// the commands that take one, as [agent.SpecHelp] does: the built-in
// agents, then cmd: and url:.
const SpecHelp = agent.SpecHelp + `  cmd:COMMAND      an external program, started once with sh -c COMMAND: for
                   each move c4 writes it a line, a move string reaching
                   the position, and reads a line, the 1-based column it
                   plays (10 s a move at most; after a failed move it is
                   started again)
  url:URL          a Kaggle ConnectX remote agent: c4 POSTs the
                   environment's request (board, mark, configuration) to
                   URL and reads {"action": column}, from 0 (c4 serve's
                   /connectx?agent=SPEC is one)
`
