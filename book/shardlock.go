package book

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// This file holds the lock that keeps two builds from writing one shard
// file: a file next to it, created only if absent, that names the process
// holding it.

// lockSuffix ends the name of a shard file's lock.
const lockSuffix = ".lock"

// lockShard takes the lock of the shard file at path: it creates
// path.lock, which must not exist, writing "PID HOST" into it. A lock
// whose process is gone (killed with SIGKILL, say, so that it could not
// remove it) is stale: it is replaced. A lock held by a live process, of
// another host, or unreadable is refused with an error naming the lock
// file. The returned function removes the lock.
func lockShard(path string) (unlock func(), err error) {
	lock := path + lockSuffix
	host, _ := os.Hostname()
	me := fmt.Sprintf("%d %s\n", os.Getpid(), host)
	for attempt := 0; ; attempt++ {
		f, err := os.OpenFile(lock, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err == nil {
			_, werr := f.WriteString(me)
			if cerr := f.Close(); werr == nil {
				werr = cerr
			}
			if werr != nil {
				os.Remove(lock)
				return nil, fmt.Errorf("lock %s: %w", lock, werr)
			}
			return func() { os.Remove(lock) }, nil
		}
		if !errors.Is(err, os.ErrExist) || attempt > 0 {
			return nil, fmt.Errorf("lock %s: %w", lock, err)
		}
		held, err := readLock(lock)
		if err != nil {
			return nil, fmt.Errorf("lock %s: %w", lock, err)
		}
		pid, owner, ok := parseLock(held)
		switch {
		case !ok:
			return nil, fmt.Errorf("%s is locked by %s, which does not name a process: remove it if no build is writing the shard", path, lock)
		case owner != host:
			return nil, fmt.Errorf("%s is being written by process %d on %s (lock %s): remove the lock if that build is gone", path, pid, owner, lock)
		case processAlive(pid):
			return nil, fmt.Errorf("%s is being written by process %d (lock %s): wait for it, or stop it first", path, pid, lock)
		}
		// Stale: remove it, unless another build replaced it meanwhile,
		// and try once more. Two builds taking over the same stale lock
		// at once both fail the O_EXCL creation but one.
		if again, err := readLock(lock); err == nil && again == held {
			os.Remove(lock)
		}
	}
}

// maxLockBytes bounds what is read of a lock file: its "PID HOST" line is
// far shorter (a host name has at most 255 bytes), so that a lock file
// that is something else (as large as a disk, or /dev/zero) is read no
// further than needed to refuse it.
const maxLockBytes = 512

// readLock reads the lock file at path, at most maxLockBytes and one byte.
func readLock(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxLockBytes+1))
	return string(data), err
}

// parseLock reads the "PID HOST" line of a lock file.
func parseLock(s string) (pid int, host string, ok bool) {
	line, rest, _ := strings.Cut(s, "\n")
	if rest != "" {
		return 0, "", false
	}
	p, host, found := strings.Cut(line, " ")
	pid, err := strconv.Atoi(p)
	if !found || err != nil || pid <= 0 || strconv.Itoa(pid) != p || strings.ContainsAny(host, " \t\r") {
		return 0, "", false
	}
	return pid, host, true
}
