package filelock

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
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

// holder reads the process id in the lock file at lockPath, 0 if none.
func holder(lockPath string) int {
	data, err := os.ReadFile(lockPath)
	if err != nil || len(data) > 32 {
		return 0
	}
	pid, err := strconv.Atoi(string(bytes.TrimSpace(data)))
	if err != nil || pid < 0 {
		return 0
	}
	return pid
}
