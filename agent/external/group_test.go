//go:build unix

package external

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/fourgen/fourgen/board"
)

// children is how many processes the agents of these tests start.
const children = 20

// hangLimit is how long a test waits for what must happen before calling
// it stuck; no timing claim (it happens at once).
const hangLimit = 10 * time.Second

// spawning returns a shell script that starts children sleeps in the
// background, writes their pids and its own to pidFile (whole, by a
// rename), then goes on with then.
func spawning(pidFile, then string) string {
	return fmt.Sprintf(`i=0; while [ $i -lt %d ]; do sleep 1000 & echo $! >> %[2]s.tmp; i=$((i+1)); done; echo $$ >> %[2]s.tmp; mv %[2]s.tmp %[2]s; %s`,
		children, pidFile, then)
}

// readPids waits for the pids the script of spawning writes, and kills
// them all at the end of the test, whatever it finds.
func readPids(t *testing.T, pidFile string) []int {
	t.Helper()
	deadline := time.Now().Add(hangLimit)
	for {
		data, err := os.ReadFile(pidFile)
		if err == nil {
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
		if !errors.Is(err, os.ErrNotExist) || time.Now().After(deadline) {
			t.Fatalf("the agent's pids: %v", err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// alive reports whether pid is a live process: a zombie, dead but not
// yet reaped by its new parent, is not.
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

// survivors returns the pids still alive once the processes had time to
// die of the signals sent (they die at once; dying is asynchronous).
func survivors(pids []int) []int {
	var left []int
	for deadline := time.Now().Add(hangLimit); ; time.Sleep(10 * time.Millisecond) {
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

// TestCommandAgentEndsChildren: whatever ends a cmd: agent (a normal
// Close, a bad answer, a timeout, a cancelled move, its own exit), no
// process it started outlives Close.
func TestCommandAgentEndsChildren(t *testing.T) {
	needSh(t)
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tt := range []struct {
		name    string
		then    string // the script, once its children run
		ctx     context.Context
		wantErr bool
	}{
		{"normal end", `while read m; do echo 4; done`, context.Background(), false},
		{"bad answer", `read m; echo hello`, context.Background(), true},
		{"timeout", `read m; sleep 1000`, context.Background(), true},
		{"cancelled", `read m; sleep 1000`, cancelled, true},
		{"exit", `exit 0`, context.Background(), true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			pidFile := filepath.Join(t.TempDir(), "pids")
			a := newAgent(t, "cmd:"+spawning(pidFile, tt.then), 300*time.Millisecond)
			pids := readPids(t, pidFile)
			if len(pids) != children+1 {
				t.Fatalf("%d pids, want %d", len(pids), children+1)
			}
			_, err := a.Move(tt.ctx, board.Position{})
			if (err != nil) != tt.wantErr {
				t.Fatalf("Move: %v; want an error: %v", err, tt.wantErr)
			}
			Close(a)
			if left := survivors(pids); len(left) > 0 {
				t.Errorf("%d of the agent's %d processes outlive Close: %v", len(left), len(pids), left)
			}
		})
	}
}
