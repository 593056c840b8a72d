//go:build unix

package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/fourgen/fourgen/internal/interrupt"
	"github.com/fourgen/fourgen/internal/proctest"
)

// This file checks that the first SIGINT or SIGTERM stops every command
// at once, even one blocked reading a FIFO or a pipe where no context
// reaches, with "c4: interrupted" and the signal's exit status.

// interruptCase is a command blocked on its input and the signal that
// stops it.
type interruptCase struct {
	args   []string
	signal syscall.Signal
}

// TestInterruptBlockedOnFIFO runs each command that reads a file the user
// names on a FIFO: once c4 has opened it (the test's writer then opens
// too, so c4 is past setting up its signals), it reads and waits for data
// that never comes; one signal must end it, with the signal's status.
func TestInterruptBlockedOnFIFO(t *testing.T) {
	if testing.Short() {
		t.Skip("builds c4")
	}
	bin := buildC4(t)
	dir := t.TempDir()
	out := func(name string) string { return filepath.Join(dir, name) }
	const F = "FIFO" // replaced by a fresh FIFO
	cases := []interruptCase{
		{[]string{"bench", F}, syscall.SIGTERM},
		{[]string{"bench", "--book", F, "x"}, syscall.SIGINT},
		{[]string{"solve", "--book", F, ""}, syscall.SIGINT},
		{[]string{"analyze", "--book", F, ""}, syscall.SIGTERM},
		{[]string{"book", "info", F}, syscall.SIGINT},
		{[]string{"book", "merge", "--out", out("m.fgb"), F}, syscall.SIGTERM},
		{[]string{"book", "verify", "--no-book", "--against", F}, syscall.SIGINT},
		{[]string{"book", "build", "--plies", "2", "--book", F, "--out", out("b.shard")}, syscall.SIGTERM},
		{[]string{"eval", "random", F}, syscall.SIGINT},
		{[]string{"eval", "--merge", F}, syscall.SIGTERM},
		{[]string{"match", "--book", F, "random", "random"}, syscall.SIGINT},
		{[]string{"play", "--book", F}, syscall.SIGTERM},
		{[]string{"serve", "--book", F, "--addr", "127.0.0.1:0"}, syscall.SIGTERM},
		{[]string{"dataset", "--book", F, "--count", "1", "--plies", "2-2", "--out", out("d.jsonl")}, syscall.SIGINT},
		{[]string{"dataset", "merge", "--out", out("dm.jsonl"), F}, syscall.SIGTERM},
	}
	for i, tc := range cases {
		name := strings.Join(tc.args[:2], " ")
		fifo := filepath.Join(dir, "fifo"+string(rune('a'+i))+".jsonl") // dataset merge wants a known format
		if err := syscall.Mkfifo(fifo, 0o600); err != nil {
			t.Skipf("no FIFO: %v", err)
		}
		for j, a := range tc.args {
			if a == F {
				tc.args[j] = fifo
			}
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			cmd, stderr := startC4(t, bin, tc.args...)
			w := openWriter(t, fifo)
			defer w.Close()
			checkInterrupted(t, cmd, stderr, tc)
		})
	}
}

// openWriter opens fifo for writing once a reader has it open, which
// proves the reader running; the writer then writes nothing.
func openWriter(t *testing.T, fifo string) *os.File {
	t.Helper()
	for deadline := time.Now().Add(hangLimit); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0)
		if err == nil {
			return f
		}
		if !errors.Is(err, syscall.ENXIO) { // ENXIO: no reader yet
			t.Fatal(err)
		}
	}
	t.Fatalf("c4 did not open %s within %v", fifo, hangLimit)
	return nil
}

// startC4 starts the c4 at bin with args, its stderr kept in the buffer
// returned, and kills it at the end of the test.
func startC4(t *testing.T, bin string, args ...string) (*exec.Cmd, *bytes.Buffer) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	stderr := new(bytes.Buffer)
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	return cmd, stderr
}

// checkInterrupted sends cmd tc's signal and checks that it exits at once
// with the signal's status and "c4: interrupted" as the last line of its
// stderr.
func checkInterrupted(t *testing.T, cmd *exec.Cmd, stderr *bytes.Buffer, tc interruptCase) {
	t.Helper()
	if err := cmd.Process.Signal(tc.signal); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	var err error
	select {
	case err = <-exited:
	case <-time.After(hangLimit):
		t.Fatalf("c4 %q still runs %v after %v", tc.args, hangLimit, tc.signal)
	}
	want := 128 + int(tc.signal)
	if code := cmd.ProcessState.ExitCode(); code != want || !strings.HasSuffix(stderr.String(), "c4: interrupted\n") {
		t.Errorf("c4 %q after %v: %v, stderr %q; want exit status %d and \"c4: interrupted\"", tc.args, tc.signal, err, stderr.String(), want)
	}
}

// TestInterruptBlockedOnStdin runs the commands that read stdin on a pipe
// that never delivers, as main does but with the interrupt simulated (a
// test cannot know when a child is blocked on its stdin to signal it):
// the guard must exit with the signal's status.
func TestInterruptBlockedOnStdin(t *testing.T) {
	for _, tc := range []interruptCase{
		{[]string{"show", "--board", "-"}, syscall.SIGINT},
		{[]string{"solve", "--board", "-"}, syscall.SIGTERM},
		{[]string{"analyze", "--board", "-"}, syscall.SIGINT},
		{[]string{"solve"}, syscall.SIGINT},
		{[]string{"analyze"}, syscall.SIGTERM},
		{[]string{"play"}, syscall.SIGINT},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, stderr := interruptedOnStdin(t, tc)
			if want := 128 + int(tc.signal); code != want || !strings.HasSuffix(stderr, "c4: interrupted\n") {
				t.Errorf("c4 %q after %v: exit %d, stderr %q; want %d and \"c4: interrupted\"", tc.args, tc.signal, code, stderr, want)
			}
		})
	}
}

// silentStdin is a stdin that delivers nothing until released, and says
// when a command first waits on it.
type silentStdin struct {
	reading chan struct{} // closed at the first Read
	release chan struct{} // closed by the test: Read then returns io.EOF
}

func (s *silentStdin) Read([]byte) (int, error) {
	select {
	case <-s.reading:
	default:
		close(s.reading)
	}
	<-s.release
	return 0, io.EOF
}

// interruptedOnStdin runs tc.args with execute on a silent stdin and,
// once the command waits on it, cancels its context as tc.signal would.
// It returns the status execute exits with, and its stderr then.
func interruptedOnStdin(t *testing.T, tc interruptCase) (int, string) {
	t.Helper()
	stdin := &silentStdin{reading: make(chan struct{}), release: make(chan struct{})}
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	var stdout, stderr bytes.Buffer
	// execute's status goes to exits too, unless the guard exited.
	exits := make(chan int, 2)
	returned := make(chan struct{})
	go func() {
		if code := execute(ctx, tc.args, stdin, &stdout, &stderr, func(code int) { exits <- code }); code != -1 {
			exits <- code
		}
		close(returned)
	}()
	defer func() {
		close(stdin.release)
		select {
		case <-returned:
		case <-time.After(hangLimit):
			t.Errorf("c4 %q has not returned %v after its stdin ended", tc.args, hangLimit)
		}
	}()
	select {
	case <-stdin.reading:
	case <-returned:
		t.Fatalf("c4 %q returned without reading stdin; stderr %q", tc.args, stderr.String())
	case <-time.After(hangLimit):
		t.Fatalf("c4 %q has not read stdin within %v", tc.args, hangLimit)
	}
	cancel(&interrupt.Error{Signal: tc.signal})
	select {
	case code := <-exits:
		return code, stderr.String()
	case <-time.After(hangLimit):
		t.Fatalf("c4 %q still runs %v after %v", tc.args, hangLimit, tc.signal)
	}
	return 0, ""
}

// TestInterruptEndsCmdAgents interrupts c4 match while its cmd: agent, a
// script that started 20 sleeps, thinks: c4 must exit with the signal's
// status, and none of the agent's processes outlive it.
func TestInterruptEndsCmdAgents(t *testing.T) {
	if testing.Short() {
		t.Skip("builds c4")
	}
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skipf("no sh to run cmd: agents: %v", err)
	}
	bin := buildC4(t)
	pidFile := filepath.Join(t.TempDir(), "pids")
	script := fmt.Sprintf(`i=0; while [ $i -lt 20 ]; do sleep 1000 & echo $! >> %[1]s.tmp; i=$((i+1)); done; echo $$ >> %[1]s.tmp; mv %[1]s.tmp %[1]s; read m; exec sleep 1000`, pidFile)
	tc := interruptCase{[]string{"match", "--games", "1", "cmd:" + script, "random"}, syscall.SIGINT}
	cmd, stderr := startC4(t, bin, tc.args...)
	pids := proctest.ReadPids(t, pidFile, hangLimit)
	checkInterrupted(t, cmd, stderr, tc)
	if left := proctest.Survivors(pids, hangLimit); len(left) > 0 {
		t.Errorf("%d of the agent's %d processes outlive c4: %v", len(left), len(pids), left)
	}
}
