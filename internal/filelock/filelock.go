package filelock

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/fourgen/fourgen/internal/regularfile"
)

// Lock is a lock taken on a path.
type Lock struct {
	f    *os.File
	path string // the lock file
}

// HeldError is the error of [Acquire] when another process holds the lock.
type HeldError struct {
	Path string // the locked path (not the lock file)
	PID  int    // the holder's process id, 0 when unknown
}

// Holder names the process that holds the lock, for an error message:
// "process PID", or "another process" when its id is unknown.
func (e *HeldError) Holder() string {
	if e.PID == 0 {
		return "another process"
	}
	return fmt.Sprintf("process %d", e.PID)
}

func (e *HeldError) Error() string {
	if e.PID == 0 {
		return fmt.Sprintf("%s is locked by another process (%s.lock)", e.Path, e.Path)
	}
	return fmt.Sprintf("%s is locked by another process (pid %d)", e.Path, e.PID)
}

// Acquire takes the lock of path without waiting: a [*HeldError] when
// another process holds it.
func Acquire(path string) (*Lock, error) {
	l, err := acquire(path+".lock", path)
	if err != nil {
		return nil, err
	}
	if err := l.f.Truncate(0); err != nil {
		l.Release()
		return nil, err
	}
	if _, err := l.f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0); err != nil {
		l.Release()
		return nil, err
	}
	return l, nil
}

// maxHolderBytes bounds what is read of a lock file: a process id and a
// line end are far shorter, and a lock file that is something else (as
// large as a disk, or /dev/zero) is read no further.
const maxHolderBytes = 32

// holder reads the process id in the lock file at lockPath, 0 if none.
func holder(lockPath string) int {
	f, err := regularfile.OpenFile(lockPath, os.O_RDONLY, 0)
	if err != nil {
		return 0
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxHolderBytes+1))
	if err != nil || len(data) > maxHolderBytes {
		return 0
	}
	pid, err := strconv.Atoi(string(bytes.TrimSpace(data)))
	if err != nil || pid < 0 {
		return 0
	}
	return pid
}
