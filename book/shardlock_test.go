package book

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/solver"
)

// deadPID returns the id of a process that has exited: a child run to its
// end.
func deadPID(t *testing.T) int {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	if err := cmd.Run(); err != nil {
		t.Fatalf("running a child to get a dead pid: %v", err)
	}
	return cmd.Process.Pid
}

func TestLockShard(t *testing.T) {
	host, _ := os.Hostname()
	for _, tc := range []struct {
		name string
		held string // the lock file's content before, "" for none
		want string // a substring of the error, "" for success
	}{
		{"free", "", ""},
		{"held by a live process", fmt.Sprintf("%d %s\n", os.Getpid(), host), "is being written by process"},
		{"another host", fmt.Sprintf("%d elsewhere.example\n", os.Getpid()), "on elsewhere.example"},
		{"garbage", "not a pid\n", "does not name a process"},
		{"empty", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "shard")
			if tc.held != "" || tc.name == "empty" {
				if err := os.WriteFile(path+lockSuffix, []byte(tc.held), 0o644); err != nil {
					t.Fatal(err)
				}
				if tc.name == "empty" {
					tc.want = "does not name a process"
				}
			}
			unlock, err := lockShard(path)
			if tc.want != "" {
				if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), path+lockSuffix) {
					t.Fatalf("lockShard = %v, want an error naming the lock and saying %q", err, tc.want)
				}
				if data, _ := os.ReadFile(path + lockSuffix); string(data) != tc.held {
					t.Errorf("the refused lock changed to %q", data)
				}
				return
			}
			if err != nil {
				t.Fatalf("lockShard: %v", err)
			}
			if _, err := lockShard(path); err == nil || !strings.Contains(err.Error(), fmt.Sprint("process ", os.Getpid())) {
				t.Errorf("a second lockShard = %v, want a refusal naming this process", err)
			}
			unlock()
			if _, err := os.Stat(path + lockSuffix); !os.IsNotExist(err) {
				t.Errorf("after unlock the lock file remains: %v", err)
			}
		})
	}
}

// TestLockShardStale leaves the lock of a process that no longer exists,
// as a build killed with SIGKILL does: the next build takes it over.
func TestLockShardStale(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" || runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skip("no way to tell a dead process here: a stale lock is removed by hand")
	}
	host, _ := os.Hostname()
	path := filepath.Join(t.TempDir(), "shard")
	if err := os.WriteFile(path+lockSuffix, fmt.Appendf(nil, "%d %s\n", deadPID(t), host), 0o644); err != nil {
		t.Fatal(err)
	}
	unlock, err := lockShard(path)
	if err != nil {
		t.Fatalf("lockShard over a stale lock: %v", err)
	}
	defer unlock()
	if data, _ := os.ReadFile(path + lockSuffix); string(data) != fmt.Sprintf("%d %s\n", os.Getpid(), host) {
		t.Errorf("the lock holds %q, want this process", data)
	}
}

// TestLockShardEndless checks that a lock file that never ends (here
// /dev/zero, where there is one) is refused at once as naming no process.
func TestLockShardEndless(t *testing.T) {
	const zero = "/dev/zero"
	if _, err := os.Stat(zero); err != nil {
		t.Skip(err)
	}
	path := filepath.Join(t.TempDir(), "shard")
	if err := os.Symlink(zero, path+lockSuffix); err != nil {
		t.Skip(err)
	}
	if _, err := lockShard(path); err == nil || !strings.Contains(err.Error(), "does not name a process") {
		t.Errorf("lockShard with a lock of %s: %v, want it refused as naming no process", zero, err)
	}
}

// TestBuildShardLocked checks that a build refuses a shard file another
// build is writing, leaving it alone, and removes its own lock when done.
func TestBuildShardLocked(t *testing.T) {
	opts := BuildOptions{Root: testRoot(t), Plies: 11, Kind: solver.BookExact, Shard: whole, TableMiB: buildTableMiB}
	path := filepath.Join(t.TempDir(), "shard")
	unlock, err := lockShard(path) // another build, as far as BuildShard can tell
	if err != nil {
		t.Fatal(err)
	}
	if err := BuildShard(context.Background(), path, opts); err == nil || !strings.Contains(err.Error(), "is being written by process") {
		t.Errorf("BuildShard on a locked shard = %v, want a refusal", err)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("the refused build touched the shard file: %v", err)
	}
	unlock()
	if err := BuildShard(context.Background(), path, opts); err != nil {
		t.Fatalf("BuildShard: %v", err)
	}
	if _, err := os.Stat(path + lockSuffix); !os.IsNotExist(err) {
		t.Errorf("the finished build left its lock: %v", err)
	}
}

func FuzzParseLock(f *testing.F) {
	for _, s := range []string{"123 host\n", "1 \n", "x y\n", "", "12 a b\n", "-5 h\n", "7 h\nmore\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		pid, host, ok := parseLock(s)
		if !ok {
			return
		}
		if pid <= 0 {
			t.Errorf("parseLock(%q) accepted pid %d", s, pid)
		}
		if back := fmt.Sprintf("%d %s\n", pid, host); back != s && back != s+"\n" {
			t.Errorf("parseLock(%q) = %d, %q, which writes back as %q", s, pid, host, back)
		}
	})
}
