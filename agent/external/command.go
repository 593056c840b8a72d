package external

import (
	"bufio"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/fourgen/fourgen/board"
	"github.com/fourgen/fourgen/solver"
)

// maxAnswerBytes bounds a line of a cmd: agent's stdout.
const maxAnswerBytes = 1 << 10

// stderrTail is how much of a cmd: agent's stderr its errors quote.
const stderrTail = 512

// closeWait is how long Close lets a cmd: agent exit once its stdin is
// closed, and then its processes end once asked (SIGTERM), before
// killing them.
const closeWait = time.Second

// commandAgent is a cmd: agent: a process speaking the line protocol.
type commandAgent struct {
	name    string
	timeout time.Duration
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	lines   chan string // the lines of its stdout; closed at its end
	readErr error       // why lines was closed, set before
	stderr  *tail
	exited  chan struct{} // closed once the process has been waited for
	waitErr error         // its exit status, set before exited is closed
	broken  error         // set after a failed move: the agent is done
	closing sync.Once     // Close ends the processes once
}

// newCommand starts command with sh -c.
func newCommand(command string, opts Options) (*commandAgent, error) {
	if strings.TrimSpace(command) == "" {
		return nil, errors.New(`agent "cmd:" without a command: want cmd:COMMAND`)
	}
	a := &commandAgent{
		name: "cmd:" + command, timeout: opts.Timeout,
		cmd:   exec.Command("sh", "-c", command),
		lines: make(chan string, 16), stderr: &tail{max: stderrTail, also: opts.Stderr}, exited: make(chan struct{}),
	}
	a.cmd.Stderr = a.stderr
	// The processes it starts (sh's children, theirs) are ended with it.
	startInGroup(a.cmd)
	// A process outside the group that holds stderr open does not hold
	// Wait past this.
	a.cmd.WaitDelay = closeWait
	stdin, err := a.cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("agent %s: %w", a.name, err)
	}
	stdout, err := a.cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("agent %s: %w", a.name, err)
	}
	if err := a.cmd.Start(); err != nil {
		return nil, fmt.Errorf("agent %s: %w", a.name, err)
	}
	a.stdin = stdin
	go a.read(stdout)
	return a, nil
}

// read passes the lines of the process's stdout to a.lines, then waits for
// the process to end.
func (a *commandAgent) read(stdout io.Reader) {
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 0, 64), maxAnswerBytes)
	for sc.Scan() {
		a.lines <- sc.Text()
	}
	a.readErr = sc.Err()
	close(a.lines)
	a.waitErr = a.cmd.Wait()
	close(a.exited)
}

func (a *commandAgent) Name() string { return a.name }

// Move writes the position's move string and reads the column played.
func (a *commandAgent) Move(ctx context.Context, p board.Position) (int, error) {
	if a.broken != nil {
		return -1, a.broken
	}
	switch {
	case p.IsWon():
		return -1, solver.ErrGameOver
	case p.IsFull():
		return -1, solver.ErrNoMove
	}
	col, err := a.move(ctx, p)
	if err != nil {
		// Even after a cancelled move: its answer may still come, and
		// would be read as the next move's. Cancelled, c4 is stopping:
		// end the processes without waiting for the agent to exit.
		a.broken = err
		a.closing.Do(func() { a.end(ctx.Err() == nil) })
	}
	return col, err
}

func (a *commandAgent) move(ctx context.Context, p board.Position) (int, error) {
	moves, ok := p.ReachingMoves()
	if !ok {
		return -1, errors.New("no move string reaches the position")
	}
	// A process that failed to read may still have answered: read first.
	_, writeErr := io.WriteString(a.stdin, moves+"\n")
	timer := time.NewTimer(a.timeout)
	defer timer.Stop()
	select {
	case line, ok := <-a.lines:
		if !ok {
			return -1, a.failure(fmt.Sprintf("no answer to %q", moves), cmp.Or(writeErr, a.readErr))
		}
		text := strings.TrimSpace(line)
		col, err := strconv.Atoi(text)
		if err != nil || col < 1 || col > board.Width {
			return -1, fmt.Errorf("answered %q to %q: want a column, 1 to %d%s", line, moves, board.Width, a.stderr.quote())
		}
		if !p.CanPlay(col - 1) {
			return -1, fmt.Errorf("answered %d to %q: column %d is full%s", col, moves, col, a.stderr.quote())
		}
		return col - 1, nil
	case <-timer.C:
		return -1, fmt.Errorf("no answer to %q within %v%s", moves, a.timeout, a.stderr.quote())
	case <-ctx.Done():
		return -1, context.Cause(ctx)
	}
}

// failure describes the process's failure to answer: its exit status if
// it exited, with the end of its stderr.
func (a *commandAgent) failure(what string, err error) error {
	select {
	case <-a.exited:
		if a.waitErr != nil {
			err = a.waitErr
		} else {
			err = errors.New("exited")
		}
	case <-time.After(time.Second):
	}
	if err == nil {
		err = io.EOF
	}
	return fmt.Errorf("%s: %w%s", what, err, a.stderr.quote())
}

// Close ends the agent's processes: it closes the agent's stdin, lets it
// exit for a second, then ends its process group, so that what it started
// does not outlive it (see end).
func (a *commandAgent) Close() error {
	a.closing.Do(func() { a.end(true) })
	return nil
}

// end closes the process's stdin and, if graceful, waits up to closeWait
// for it to exit. Then it asks its process group, which holds what it
// started, to end (SIGTERM; even after the process's exit, for the
// children it left), and kills what remains of it closeWait later.
func (a *commandAgent) end(graceful bool) {
	a.stdin.Close()
	go func() {
		for range a.lines { // let read reach Wait, which reaps the process
		}
	}()
	if graceful {
		select {
		case <-a.exited:
		case <-time.After(closeWait):
		}
	}
	if !terminateGroup(a.cmd.Process) {
		return
	}
	deadline := time.Now().Add(closeWait)
	for groupAlive(a.cmd.Process) {
		if time.Now().After(deadline) {
			killGroup(a.cmd.Process)
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// tail keeps the last max bytes written to it, and copies them to also.
type tail struct {
	mu   sync.Mutex
	max  int
	buf  []byte
	also io.Writer
}

func (t *tail) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, b...)
	if len(t.buf) > t.max {
		t.buf = t.buf[len(t.buf)-t.max:]
	}
	if t.also != nil {
		t.also.Write(b)
	}
	return len(b), nil
}

// quote returns "; stderr: ..." with the end of what was written, or ""
// when nothing was.
func (t *tail) quote() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	text := strings.TrimSpace(string(t.buf))
	if text == "" {
		return ""
	}
	return "; stderr: " + strconv.Quote(text)
}
