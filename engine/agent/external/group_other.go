//go:build !unix

package external

import (
	"os"
	"os/exec"
)

// Without unix process groups (Windows), c4 ends a cmd: agent's sh only:
// the processes it started outlive it. (A Windows job object would hold
// them; none is made.)

// startInGroup does nothing here.
func startInGroup(*exec.Cmd) {}

// terminateGroup kills p, there being no gentler signal, and reports that
// nothing is left to wait for.
func terminateGroup(p *os.Process) bool {
	p.Kill()
	return false
}

// killGroup does nothing: terminateGroup killed the process.
func killGroup(*os.Process) {}

// groupAlive reports false: nothing is known of the process's children.
func groupAlive(*os.Process) bool { return false }
