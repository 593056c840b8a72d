package engine

import (
	"errors"
	"fmt"
	"strings"
	"syscall"
	"testing"
)

// failMmap makes every mapping fail with ENOMEM for the rest of the test,
// and counts the attempts.
func failMmap(t *testing.T) *int {
	t.Helper()
	saved := mmap
	calls := new(int)
	mmap = func(int, int64, int, int, int) ([]byte, error) {
		*calls++
		return nil, syscall.ENOMEM
	}
	t.Cleanup(func() { mmap = saved })
	return calls
}

// TestAllocationFailure injects a failed mapping: the checked constructors
// return an error saying so, where the table's allocation used to fall back to make,
// which dies of the same shortage with a fatal error.
func TestAllocationFailure(t *testing.T) {
	calls := failMmap(t)
	mib := max(16, MinTableMiB) // 16 MiB, or the smallest table of a board of long keys
	if _, err := newTable(mib); err == nil || !errors.Is(err, syscall.ENOMEM) || !strings.Contains(err.Error(), fmt.Sprintf("cannot allocate a table of %d MiB", mib)) {
		t.Errorf("newTable(%d) with mmap failing = %v, want an allocation error", mib, err)
	}
	if _, err := NewSolver(mib); err == nil || !errors.Is(err, syscall.ENOMEM) {
		t.Errorf("NewSolver(%d) with mmap failing = %v, want an allocation error", mib, err)
	}
	if *calls != 2 {
		t.Errorf("mmap called %d times, want 2", *calls)
	}
	// Tables below a huge page are not mapped (on boards whose smallest
	// table is that small).
	if 8*bucketSlots<<minBucketLog < hugePage {
		if _, err := NewSolver(1); err != nil {
			t.Errorf("NewSolver(1) = %v, want a table from make", err)
		}
	}
}

// TestTooLargeIsNotAllocated checks that a refused size never reaches mmap.
func TestTooLargeIsNotAllocated(t *testing.T) {
	calls := failMmap(t)
	withMemory(t, 1<<30, true)
	if _, err := NewSolver(1024); !errors.As(err, new(*TableSizeError)) {
		t.Errorf("NewSolver(1024) with 1 GiB of memory = %v, want a *TableSizeError", err)
	}
	if *calls != 0 {
		t.Errorf("mmap called %d times for a refused size", *calls)
	}
}
