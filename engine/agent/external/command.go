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

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/agent"
	"github.com/fourgen/fourgen/engine/board"
)

// maxAnswerBytes bounds a line of a cmd: agent's stdout.
const maxAnswerBytes = 1 << 10

// stderrTail is how much of a cmd: agent's stderr its errors quote.
const stderrTail = 512

// closeWait is how long Close lets a cmd: agent exit once its stdin is
// closed, and then its processes end once asked (SIGTERM), before
// killing them.
const closeWait = time.Second

// failuresInRow is how many moves in a row a cmd: agent may fail without
// an answer (a timeout, a crash), each failure ending its process and the
// next move starting another, before it is given up: a program that
// cannot start or always hangs then costs a few moves, not one timeout
// for each of thousands of positions. An answer, even a wrong one, starts
// the count again.
const failuresInRow = 3

// commandAgent is a cmd: agent: a process speaking the line protocol,
// started again after a failed move.
type commandAgent struct {
	name    string
	command string
	opts    Options
	proc    *process // the running process; nil after a failed move
	failed  int      // the moves failed in a row without an answer
	gaveUp  error    // set once failuresInRow moves failed: every move fails so
	closed  bool
}

// process is one run of a cmd: agent's program.
type process struct {
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	lines   chan string // the lines of its stdout; closed at its end
	readErr error       // why lines was closed, set before
	stderr  *tail
	exited  chan struct{} // closed once the process has been waited for
	waitErr error         // its exit status, set before exited is closed
	closing sync.Once     // end ends the processes once
}

// newCommand starts command with sh -c.
func newCommand(command string, opts Options) (*commandAgent, error) {
	if strings.TrimSpace(command) == "" {
		return nil, errors.New(`agent "cmd:" without a command: want cmd:COMMAND`)
	}
	a := &commandAgent{name: "cmd:" + command, command: command, opts: opts}
	proc, err := startProcess(command, opts.Stderr)
	if err != nil {
		return nil, fmt.Errorf("agent %s: %w", a.name, err)
	}
	a.proc = proc
	return a, nil
}

// startProcess starts command with sh -c, copying its stderr to also (if
// not nil).
func startProcess(command string, also io.Writer) (*process, error) {
	pr := &process{
		cmd:   exec.Command("sh", "-c", command),
		lines: make(chan string, 16), stderr: &tail{max: stderrTail, also: also}, exited: make(chan struct{}),
	}
	pr.cmd.Stderr = pr.stderr
	// The processes it starts (sh's children, theirs) are ended with it.
	startInGroup(pr.cmd)
	// A process outside the group that holds stderr open does not hold
	// Wait past this.
	pr.cmd.WaitDelay = closeWait
	stdin, err := pr.cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := pr.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := pr.cmd.Start(); err != nil {
		return nil, err
	}
	pr.stdin = stdin
	go pr.read(stdout)
	return pr, nil
}

// read passes the lines of the process's stdout to pr.lines, then waits
// for the process to end.
func (pr *process) read(stdout io.Reader) {
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 0, 64), maxAnswerBytes)
	for sc.Scan() {
		pr.lines <- sc.Text()
	}
	pr.readErr = sc.Err()
	close(pr.lines)
	pr.waitErr = pr.cmd.Wait()
	close(pr.exited)
}

func (a *commandAgent) Name() string { return a.name }

// Move writes the position's move string and reads the column played. A
// failed move is an [agent.MoveError]; it ends the process, and the next
// move starts it again, unless failuresInRow moves in a row have failed
// without an answer: then every later move fails at once, a
// [agent.Crash].
func (a *commandAgent) Move(ctx context.Context, p board.Position) (int, error) {
	switch {
	case a.closed:
		return -1, errors.New("closed")
	case a.gaveUp != nil:
		return -1, a.gaveUp
	case p.IsWon():
		return -1, engine.ErrGameOver
	case p.IsFull():
		return -1, engine.ErrNoMove
	}
	if a.proc == nil {
		proc, err := startProcess(a.command, a.opts.Stderr)
		if err != nil {
			return -1, a.fail(agent.Failf(agent.Crash, "starting it again: %w", err))
		}
		a.proc = proc
	}
	col, err := a.proc.move(ctx, p, a.opts.Timeout)
	if err != nil {
		// Even after a cancelled move: its answer may still come, and
		// would be read as the next move's. Cancelled, c4 is stopping:
		// end the processes without waiting for the agent to exit.
		proc := a.proc
		a.proc = nil
		proc.closing.Do(func() { proc.end(ctx.Err() == nil) })
		if _, failed := errors.AsType[*agent.MoveError](err); failed {
			return -1, a.fail(err)
		}
		return -1, err
	}
	a.failed = 0
	return col, nil
}

// fail counts err, a failed move, and gives the agent up after
// failuresInRow timeouts and crashes in a row.
func (a *commandAgent) fail(err error) error {
	if me, _ := errors.AsType[*agent.MoveError](err); me.Kind != agent.Timeout && me.Kind != agent.Crash {
		a.failed = 0 // it answered
		return err
	}
	if a.failed++; a.failed >= failuresInRow {
		a.gaveUp = agent.Failf(agent.Crash, "not started again after %d moves in a row without an answer (the last: %w)", a.failed, err)
	}
	return err
}

// move writes the move string of p to the process and reads its answer
// within timeout.
func (pr *process) move(ctx context.Context, p board.Position, timeout time.Duration) (int, error) {
	moves, ok := p.ReachingMoves()
	if !ok {
		return -1, errors.New("no move string reaches the position")
	}
	// A process that failed to read may still have answered: read first.
	_, writeErr := io.WriteString(pr.stdin, moves+"\n")
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case line, ok := <-pr.lines:
		if !ok {
			return -1, agent.Failf(agent.Crash, "no answer: %w", pr.failure(cmp.Or(writeErr, pr.readErr)))
		}
		col, err := strconv.Atoi(strings.TrimSpace(line))
		switch {
		case err != nil:
			return -1, agent.Failf(agent.Garbage, "answered %q: want a column, 1 to %d%s", line, board.Width, pr.stderr.quote())
		case col < 1 || col > board.Width:
			return -1, agent.Failf(agent.Illegal, "answered %q: want a column, 1 to %d%s", line, board.Width, pr.stderr.quote())
		case !p.CanPlay(col - 1):
			return -1, agent.Failf(agent.Illegal, "answered %d: column %d is full%s", col, col, pr.stderr.quote())
		}
		return col - 1, nil
	case <-timer.C:
		return -1, agent.Failf(agent.Timeout, "no answer within %v%s", timeout, pr.stderr.quote())
	case <-ctx.Done():
		return -1, context.Cause(ctx)
	}
}

// failure describes the process's failure to answer: its exit status if
// it exited, with the end of its stderr.
func (pr *process) failure(err error) error {
	select {
	case <-pr.exited:
		if pr.waitErr != nil {
			err = pr.waitErr
		} else {
			err = errors.New("exited")
		}
	case <-time.After(time.Second):
	}
	if err == nil {
		err = io.EOF
	}
	return fmt.Errorf("%w%s", err, pr.stderr.quote())
}

// Close ends the agent's processes: it closes the agent's stdin, lets it
// exit for a second, then ends its process group, so that what it started
// does not outlive it (see end).
func (a *commandAgent) Close() error {
	a.closed = true
	if proc := a.proc; proc != nil {
		a.proc = nil
		proc.closing.Do(func() { proc.end(true) })
	}
	return nil
}

// end closes the process's stdin and, if graceful, waits up to closeWait
// for it to exit. Then it asks its process group, which holds what it
// started, to end (SIGTERM; even after the process's exit, for the
// children it left), and kills what remains of it closeWait later.
func (pr *process) end(graceful bool) {
	pr.stdin.Close()
	go func() {
		for range pr.lines { // let read reach Wait, which reaps the process
		}
	}()
	if graceful {
		select {
		case <-pr.exited:
		case <-time.After(closeWait):
		}
	}
	if !terminateGroup(pr.cmd.Process) {
		return
	}
	deadline := time.Now().Add(closeWait)
	for groupAlive(pr.cmd.Process) {
		if time.Now().After(deadline) {
			killGroup(pr.cmd.Process)
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
