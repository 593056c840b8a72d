package filelock

import (
	"errors"
	"os"
	"path/filepath"
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
// an id can be long: a held lock whose file never ends (a link to
// /dev/zero, where there is one) is refused at once, its holder unknown.
func TestHolderBounded(t *testing.T) {
	const zero = "/dev/zero"
	if _, err := os.Stat(zero); err != nil {
		t.Skip(err)
	}
	path := filepath.Join(t.TempDir(), "out.jsonl")
	if err := os.Symlink(zero, path+".lock"); err != nil {
		t.Skip(err)
	}
	first, err := acquire(path+".lock", path) // as Acquire, without writing the id
	if err != nil {
		t.Skipf("cannot lock %s here: %v", zero, err)
	}
	defer first.Release()
	_, err = Acquire(path)
	var held *HeldError
	if !errors.As(err, &held) || held.PID != 0 {
		t.Errorf("Acquire of a held lock on %s: error %v, want a HeldError of an unknown holder", zero, err)
	}
}
