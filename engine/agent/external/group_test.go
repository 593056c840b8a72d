//go:build unix

package external

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/proctest"
)

// children is how many processes the agents of these tests start.
const children = 20

// hangLimit is how long a test waits for what must happen before calling
// it stuck; no timing claim (it happens at once).
const hangLimit = time.Minute // only a failing test waits it out: generous, so a loaded machine never fails one

// spawning returns a shell script that starts children sleeps in the
// background, writes their pids and its own to pidFile (whole, by a
// rename), then goes on with then.
func spawning(pidFile, then string) string {
	return fmt.Sprintf(`i=0; while [ $i -lt %d ]; do sleep 1000 & echo $! >> %[2]s.tmp; i=$((i+1)); done; echo $$ >> %[2]s.tmp; mv %[2]s.tmp %[2]s; %s`,
		children, pidFile, then)
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
			t.Parallel() // each waits out Close's grace on its own processes
			pidFile := filepath.Join(t.TempDir(), "pids")
			// A generous timeout where an answer is awaited; the
			// timeout and exit cases fail either way (the exit's
			// children hold its output open, so it too waits out
			// the timeout), whatever the load.
			timeout := generous
			if tt.name == "timeout" || tt.name == "exit" {
				timeout = short
			}
			a := newAgent(t, "cmd:"+spawning(pidFile, tt.then), timeout)
			pids := proctest.ReadPids(t, pidFile, hangLimit)
			if len(pids) != children+1 {
				t.Fatalf("%d pids, want %d", len(pids), children+1)
			}
			_, err := a.Move(tt.ctx, board.Position{})
			if (err != nil) != tt.wantErr {
				t.Fatalf("Move: %v; want an error: %v", err, tt.wantErr)
			}
			Close(a)
			if left := proctest.Survivors(pids, hangLimit); len(left) > 0 {
				t.Errorf("%d of the agent's %d processes outlive Close: %v", len(left), len(pids), left)
			}
		})
	}
}
