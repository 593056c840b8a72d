package filelock

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAcquire checks that a second taker of a lock is refused with the
// holder's process id, and that the lock is free again once released.
func TestAcquire(t *testing.T) {
	path := filepath.Join(t.TempDir(), "out.jsonl")
	first, err := Acquire(path)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Acquire(path)
	var held *HeldError
	if !errors.As(err, &held) || held.PID != os.Getpid() || held.Path != path {
		t.Fatalf("second Acquire: error %v, want a HeldError naming %s and pid %d", err, path, os.Getpid())
	}
	if err := first.Release(); err != nil {
		t.Fatal(err)
	}
	again, err := Acquire(path)
	if err != nil {
		t.Fatalf("Acquire after Release: %v", err)
	}
	again.Release()
}

// TestHeldErrorText checks what a refused taker is told.
func TestHeldErrorText(t *testing.T) {
	for _, tc := range []struct {
		err  HeldError
		want string
	}{
		{HeldError{"d.jsonl", 42}, "d.jsonl is locked by another process (pid 42)"},
		{HeldError{"d.jsonl", 0}, "d.jsonl is locked by another process (d.jsonl.lock)"},
	} {
		if got := tc.err.Error(); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.err, got, tc.want)
		}
	}
}

// TestHolderBounded checks that the holder's id is read no further than
// an id can be long: a held lock whose file is far longer than an id is
// refused at once, its holder unknown.
func TestHolderBounded(t *testing.T) {
	path := filepath.Join(t.TempDir(), "out.jsonl")
	if err := os.WriteFile(path+".lock", bytes.Repeat([]byte("7"), 1<<20), 0o644); err != nil {
		t.Fatal(err)
	}
	first, err := acquire(path+".lock", path) // as Acquire, without writing the id
	if err != nil {
		t.Fatal(err)
	}
	defer first.Release()
	_, err = Acquire(path)
	var held *HeldError
	if !errors.As(err, &held) || held.PID != 0 {
		t.Errorf("Acquire of a held lock with a 1 MiB lock file: error %v, want a HeldError of an unknown holder", err)
	}
}

// TestAcquirePlanted checks that a lock file planted as a symbolic link
// (to a file, to nothing, to a directory), a directory or a FIFO is
// refused with an error naming it, and that nothing is written through
// it: the file a link points to keeps its bytes, a dangling link's
// target is not made.
func TestAcquirePlanted(t *testing.T) {
	for _, tc := range []struct {
		name  string
		plant func(dir, lock string) error
	}{
		{"link", func(dir, lock string) error { return os.Symlink(filepath.Join(dir, "victim.txt"), lock) }},
		{"relative link", func(dir, lock string) error { return os.Symlink("victim.txt", lock) }},
		{"dangling link", func(dir, lock string) error { return os.Symlink(filepath.Join(dir, "nowhere.txt"), lock) }},
		{"link to a directory", func(dir, lock string) error { return os.Symlink(dir, lock) }},
		{"directory", func(_, lock string) error { return os.Mkdir(lock, 0o755) }},
		{"fifo", func(_, lock string) error { return mkfifo(lock) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			victim := filepath.Join(dir, "victim.txt")
			if err := os.WriteFile(victim, []byte("VICTIM\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(dir, "e.jsonl")
			if err := tc.plant(dir, path+".lock"); err != nil {
				t.Skip("cannot plant it here:", err)
			}
			l, err := Acquire(path)
			if err == nil {
				l.Release()
			}
			if err == nil || !strings.Contains(err.Error(), path+".lock") {
				t.Errorf("Acquire: error %v, want a refusal naming %s.lock", err, path)
			}
			if errors.As(err, new(*HeldError)) {
				t.Errorf("Acquire: %v, want a refusal, not a held lock", err)
			}
			if got, _ := os.ReadFile(victim); string(got) != "VICTIM\n" {
				t.Errorf("victim.txt now holds %q", got)
			}
			if _, err := os.Lstat(filepath.Join(dir, "nowhere.txt")); err == nil {
				t.Errorf("the dangling link's target was made")
			}
		})
	}
}
