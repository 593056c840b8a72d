package book

import (
	"errors"
	"fmt"

	"github.com/fourgen/fourgen/internal/filelock"
)

// This file holds the lock that keeps two builds from writing one shard
// file: the lock of package filelock (flock(2) on path + ".lock" on Unix),
// which the system releases however its holder exits.

// lockShard takes the lock of the shard file at path. A lock another
// build holds is refused with an error naming the shard, the holder's
// process id and the lock file; a lock file left by a build that is gone
// (killed with SIGKILL, say) is not held, and is taken.
func lockShard(path string) (*filelock.Lock, error) {
	lock, err := filelock.Acquire(path)
	if held, ok := errors.AsType[*filelock.HeldError](err); ok {
		return nil, fmt.Errorf("%s is being written by %s (lock %s.lock): wait for it, or stop it first", path, held.Holder(), path)
	}
	if err != nil {
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	return lock, nil
}
