package refdata

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"
)

// oAppend is Linux's O_APPEND, as /proc/PID/fdinfo prints the flags (octal).
const oAppend = 0o2000

// goStderr returns the stderr of the go command that runs this test
// binary, or os.Stderr when that cannot be opened or would be unsafe to
// write to (see [safeToShare]). The caller closes what is not os.Stderr.
func goStderr() io.WriteCloser {
	ppid := os.Getppid()
	proc := fmt.Sprintf("/proc/%d", ppid)
	comm, err := os.ReadFile(proc + "/comm")
	if err != nil || strings.TrimSpace(string(comm)) != "go" {
		return os.Stderr
	}
	info, err := os.Stat(proc + "/fd/2")
	if err != nil {
		return os.Stderr
	}
	fdinfo, err := os.ReadFile(proc + "/fdinfo/2")
	if err != nil || !safeToShare(info.Mode(), string(fdinfo)) {
		return os.Stderr
	}
	f, err := os.OpenFile(proc+"/fd/2", os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return os.Stderr
	}
	return f
}

// safeToShare reports whether a line may be written to the go command's
// stderr, of the given mode and /proc fdinfo text, through a new open
// file: always for a terminal or a pipe, but for a regular file only when
// the go command appends to it, since otherwise its next write, at its own
// offset, would overwrite the line.
func safeToShare(mode fs.FileMode, fdinfo string) bool {
	if !mode.IsRegular() {
		return true
	}
	for line := range strings.Lines(fdinfo) {
		if v, ok := strings.CutPrefix(line, "flags:"); ok {
			flags, err := strconv.ParseUint(strings.TrimSpace(v), 8, 64)
			return err == nil && flags&oAppend != 0
		}
	}
	return false
}
