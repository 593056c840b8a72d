//go:build unix

package proctest

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"
)

// TestReadPidsAndSurvivors starts a sleeping process, reads its pid as a
// script would write it, and checks it is alive until killed.
func TestReadPidsAndSurvivors(t *testing.T) {
	cmd := exec.Command("sleep", "60")
	if err := cmd.Start(); err != nil {
		t.Skip("no sleep:", err)
	}
	file := filepath.Join(t.TempDir(), "pids")
	if err := os.WriteFile(file, []byte(strconv.Itoa(cmd.Process.Pid)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	pids := ReadPids(t, file, time.Second)
	if !slices.Equal(pids, []int{cmd.Process.Pid}) {
		t.Fatalf("ReadPids = %v, want [%d]", pids, cmd.Process.Pid)
	}
	if left := Survivors(pids, 0); len(left) != 1 {
		t.Errorf("a sleeping process: Survivors = %v, want it", left)
	}
	cmd.Process.Kill()
	cmd.Wait()
	if left := Survivors(pids, time.Second); len(left) != 0 {
		t.Errorf("a killed, reaped process: Survivors = %v, want none", left)
	}
}
