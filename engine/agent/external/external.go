package external

import (
	"errors"
	"io"
	"strings"
	"time"

	"github.com/fourgen/fourgen/engine/agent"
)

// defaultTimeout is the time an external agent has for a move when
// [Options.Timeout] is zero.
const defaultTimeout = 10 * time.Second

// Options configures the agents [New] makes.
type Options struct {
	agent.Options
	// Timeout is the longest an external agent may take for a move; 0
	// for DefaultTimeout. For url: agents it is also the request's
	// actTimeout.
	Timeout time.Duration
	// Stderr, if not nil, receives what a cmd: agent writes to its stderr,
	// besides the end kept for errors.
	Stderr io.Writer
}

// New makes the agent named by spec: "cmd:COMMAND", "url:URL", or any
// spec of [agent.New].
func New(spec string, opts Options) (agent.Agent, error) {
	if opts.Timeout <= 0 {
		opts.Timeout = defaultTimeout
	}
	trimmed := strings.TrimSpace(spec)
	if command, ok := strings.CutPrefix(trimmed, "cmd:"); ok {
		return newCommand(command, opts)
	}
	if url, ok := strings.CutPrefix(trimmed, "url:"); ok {
		return newURL(url, opts)
	}
	a, err := agent.New(spec, opts.Options)
	if ue, ok := errors.AsType[*agent.UnknownError](err); ok {
		ue.Also = []string{"cmd:COMMAND (a program speaking the line protocol)", "url:URL (a ConnectX remote agent)"}
	}
	return a, err
}

// Close closes a if it holds anything (an external agent's process or
// connections) and is a no-op otherwise.
func Close(a agent.Agent) error {
	if c, ok := a.(io.Closer); ok {
		return c.Close()
	}
	return nil
}
