package book

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/internal/filelock"
)

// TestLockShard checks that a shard whose lock another build holds is
// refused, naming the shard, the holder and the lock file, and that the
// lock is free again once released.
func TestLockShard(t *testing.T) {
	path := filepath.Join(t.TempDir(), "shard")
	lock, err := lockShard(path)
	if err != nil {
		t.Fatalf("lockShard: %v", err)
	}
	want := fmt.Sprintf("%s is being written by process %d (lock %s.lock)", path, os.Getpid(), path)
	if _, err := lockShard(path); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("a second lockShard = %v, want a refusal saying %q", err, want)
	}
	if err := lock.Release(); err != nil {
		t.Fatal(err)
	}
	again, err := lockShard(path)
	if err != nil {
		t.Fatalf("lockShard after Release: %v", err)
	}
	again.Release()
}

// TestLockShardLeftBehind checks that the lock file of a build that is
// gone is taken, whatever it says: the lock is flock(2), released by the
// system when its holder exits, not the file's content. A build killed
// with SIGKILL leaves its process id, which another process may have
// since (ids are reused); a build on a machine that went down leaves
// that machine's name.
func TestLockShardLeftBehind(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" || runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skip("no flock here: a lock file left behind is removed by hand")
	}
	host, _ := os.Hostname()
	for _, left := range []string{
		fmt.Sprintf("%d %s\n", os.Getpid(), host), // an id since reused by a live process
		fmt.Sprintf("%d %s\n", os.Getpid(), "gone.example"),
		fmt.Sprintf("%d\n", os.Getpid()),
		"not a pid\n",
		"",
	} {
		path := filepath.Join(t.TempDir(), "shard")
		if err := os.WriteFile(path+".lock", []byte(left), 0o644); err != nil {
			t.Fatal(err)
		}
		lock, err := lockShard(path)
		if err != nil {
			t.Errorf("lockShard over a lock file left holding %q: %v", left, err)
			continue
		}
		lock.Release()
	}
}

// TestLockShardEndless checks that a lock file that is no file (here a
// link to /dev/zero, where there is one) is refused at once, not read.
func TestLockShardEndless(t *testing.T) {
	const zero = "/dev/zero"
	if _, err := os.Stat(zero); err != nil {
		t.Skip(err)
	}
	path := filepath.Join(t.TempDir(), "shard")
	if err := os.Symlink(zero, path+".lock"); err != nil {
		t.Skip(err)
	}
	if lock, err := lockShard(path); err == nil || !strings.Contains(err.Error(), "lock "+path) {
		t.Errorf("lockShard with a lock of %s: %v, want it refused", zero, err)
		if lock != nil {
			lock.Release()
		}
	}
}

// TestBuildShardLocked checks that a build refuses a shard file another
// build is writing, leaving it alone, and releases its own lock when done.
func TestBuildShardLocked(t *testing.T) {
	opts := BuildOptions{Root: testRoot(t), Plies: 11, Kind: engine.BookExact, Shard: whole, TableMiB: buildTableMiB}
	path := filepath.Join(t.TempDir(), "shard")
	other, err := filelock.Acquire(path) // another build, as far as BuildShard can tell
	if err != nil {
		t.Fatal(err)
	}
	if err := BuildShard(context.Background(), path, opts); err == nil || !strings.Contains(err.Error(), "is being written by process") {
		t.Errorf("BuildShard on a locked shard = %v, want a refusal", err)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("the refused build touched the shard file: %v", err)
	}
	other.Release()
	if err := BuildShard(context.Background(), path, opts); err != nil {
		t.Fatalf("BuildShard: %v", err)
	}
	lock, err := filelock.Acquire(path)
	if err != nil {
		t.Fatalf("the finished build kept its lock: %v", err)
	}
	lock.Release()
}
