//go:build unix

package external

import (
	"errors"
	"os"
	"os/exec"
	"syscall"
)

// This file ends a cmd: agent with the processes it started: the agent
// runs in a process group of its own, led by its sh, and c4 signals the
// group. (A process that leaves the group, with setsid, is out of reach.)

// startInGroup makes cmd start as the leader of a new process group,
// which its children join.
func startInGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// signalGroup sends sig to the process group that p leads, and reports
// whether the group still has a process (a zombie not yet reaped counts).
// Signal 0 only asks.
func signalGroup(p *os.Process, sig syscall.Signal) bool {
	return !errors.Is(syscall.Kill(-p.Pid, sig), syscall.ESRCH)
}

// terminateGroup asks every process of p's group to end (SIGTERM) and
// reports whether any is left to wait for.
func terminateGroup(p *os.Process) bool { return signalGroup(p, syscall.SIGTERM) }

// killGroup kills every process of p's group (SIGKILL).
func killGroup(p *os.Process) { signalGroup(p, syscall.SIGKILL) }

// groupAlive reports whether p's group still has a process.
func groupAlive(p *os.Process) bool { return signalGroup(p, 0) }
