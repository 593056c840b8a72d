//go:build unix

// Package proctest gives the tests of programs that start other processes
// (cmd: agents, the command itself) what they need to check that none is
// left behind: the pids a test script writes, whether a process is alive,
// and which of several outlive a signal.
package proctest

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// ReadPids waits up to limit for the file of pids a test's script writes,
// one or more separated by spaces, and returns them; at the end of the
// test it kills them all, whatever it finds.
func ReadPids(t *testing.T, pidFile string, limit time.Duration) []int {
	t.Helper()
	for deadline := time.Now().Add(limit); ; time.Sleep(10 * time.Millisecond) {
		data, err := os.ReadFile(pidFile)
		if errors.Is(err, os.ErrNotExist) && time.Now().Before(deadline) {
			continue
		}
		if err != nil {
			t.Fatalf("the pids: %v", err)
		}
		var pids []int
		for _, field := range strings.Fields(string(data)) {
			pid, err := strconv.Atoi(field)
			if err != nil {
				t.Fatalf("%s: %v", pidFile, err)
			}
			pids = append(pids, pid)
		}
		t.Cleanup(func() {
			for _, pid := range pids {
				syscall.Kill(pid, syscall.SIGKILL)
			}
		})
		return pids
	}
}

// alive reports whether pid is a live process: a zombie, dead but not yet
// reaped by its new parent, is not.
func alive(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		// Without /proc (macOS), trust kill; with it, the process has
		// just gone.
		_, noProc := os.Stat("/proc/self/stat")
		return noProc != nil
	}
	// "pid (comm) S ...": the state follows the last ')'.
	rest := string(stat[strings.LastIndexByte(string(stat), ')')+1:])
	return !strings.HasPrefix(strings.TrimSpace(rest), "Z")
}

// Survivors returns the pids still alive once the processes had up to
// limit to die of the signals sent (dying is asynchronous).
func Survivors(pids []int, limit time.Duration) []int {
	var left []int
	for deadline := time.Now().Add(limit); ; time.Sleep(10 * time.Millisecond) {
		left = left[:0]
		for _, pid := range pids {
			if alive(pid) {
				left = append(left, pid)
			}
		}
		if len(left) == 0 || time.Now().After(deadline) {
			return left
		}
	}
}
